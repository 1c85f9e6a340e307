// A TypeDoc plugin: links the RxJS functions named in RxJS's own doc comments to rxjs.dev.
//
// Classes such as the Indexer's `BehaviorSubject` inherit RxJS members (`toPromise`, `forEach`)
// whose comments say `{@link firstValueFrom}` without importing it, so TypeDoc cannot resolve
// them and, with warnings treated as errors, the reference would not build. Only names that
// `rxjs` really exports are mapped: any other unresolved link still fails the build.
import * as rxjs from 'rxjs';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.addUnknownSymbolResolver((ref) => {
    if (ref.moduleSource !== undefined && ref.moduleSource !== 'rxjs') return undefined;
    const path = ref.symbolReference?.path;
    if (path?.length !== 1) return undefined;
    const name = path[0].path;
    return typeof rxjs[name] === 'function'
      ? `https://rxjs.dev/api/index/function/${name}`
      : undefined;
  });
}
