import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';

/** An example's code under the name it is type-checked as. */
export interface ExampleSource {
  /** A unique name, made of letters, digits, `-` and `_`. */
  readonly name: string;
  /** The TypeScript code. */
  readonly code: string;
}

/** What the type-check found in one example. */
export interface ExampleTypeCheck {
  /** Errors, as `line:column message` (lines of the example, from 1). Empty when it compiles. */
  readonly errors: readonly string[];
  /** The names of the docs check's context that the example uses. */
  readonly assumed: ReadonlySet<string>;
}

/**
 * Type-checks examples in one program, as modules of a package of the repository: the
 * `@rxkube/*` packages resolve to their sources (no build needed), everything else to the
 * workspace's dependencies, with the repository's compiler options (strict), Node's types, and
 * the declarations of `contextFile` for the names examples may assume.
 *
 * @param repoRoot - the repository's root, with the `tsconfig.json` that type-checks it
 * @param contextFile - a declaration file of global names the examples may use
 * @param examples - the examples; an example without any import or export is made a module
 * @returns each example's result, by name
 */
export function typeCheckExamples(
  repoRoot: string,
  contextFile: string,
  examples: readonly ExampleSource[],
): Map<string, ExampleTypeCheck> {
  const options = compilerOptions(repoRoot);
  // Virtual files beside this package's package.json ("type": "module"), so they are ES modules.
  const folder = join(dirname(contextFile), '..', 'examples');
  const virtual = new Map(
    examples.map((e) => [join(folder, `${e.name}.ts`), `${e.code}\nexport {};\n`]),
  );
  const host = ts.createCompilerHost(options, true);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (file) => virtual.has(file) || fileExists.call(host, file);
  host.readFile = (file) => virtual.get(file) ?? readFile.call(host, file);
  host.getSourceFile = (file, language, onError, create) => {
    const text = virtual.get(file);
    return text === undefined
      ? getSourceFile.call(host, file, language, onError, create)
      : ts.createSourceFile(file, text, language, true);
  };
  const program = ts.createProgram([contextFile, ...virtual.keys()], options, host);
  const checker = program.getTypeChecker();
  const context = program.getSourceFile(contextFile);
  const contextErrors = context === undefined ? [] : ts.getPreEmitDiagnostics(program, context);
  if (contextErrors.length > 0)
    throw new Error(`${contextFile} does not compile:\n${format(contextErrors).join('\n')}`);

  const results = new Map<string, ExampleTypeCheck>();
  for (const example of examples) {
    const file = program.getSourceFile(join(folder, `${example.name}.ts`));
    if (file === undefined) throw new Error(`example ${example.name} is not in the program`);
    results.set(example.name, {
      errors: format(ts.getPreEmitDiagnostics(program, file)),
      assumed: namesFrom(file, context, checker),
    });
  }
  return results;
}

function compilerOptions(repoRoot: string): ts.CompilerOptions {
  const configFile = join(repoRoot, 'tsconfig.json');
  if (!existsSync(configFile)) throw new Error(`no tsconfig.json in ${repoRoot}`);
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (parsed === undefined) throw new Error(`cannot read ${configFile}`);
  // Examples are application code: Node's types, not the test runner's.
  return { ...parsed.options, types: ['node'], noEmit: true };
}

function namesFrom(
  file: ts.SourceFile,
  context: ts.SourceFile | undefined,
  checker: ts.TypeChecker,
): Set<string> {
  const globals = contextGlobals(context, checker);
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) {
      const symbol = checker.getSymbolAtLocation(node);
      if (symbol !== undefined && globals.has(symbol)) names.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

/** The symbols declared directly in the context's `declare global` block (not their members). */
function contextGlobals(
  context: ts.SourceFile | undefined,
  checker: ts.TypeChecker,
): Set<ts.Symbol> {
  const symbols = new Set<ts.Symbol>();
  const add = (name: ts.Node | undefined): void => {
    const symbol = name === undefined ? undefined : checker.getSymbolAtLocation(name);
    if (symbol !== undefined) symbols.add(symbol);
  };
  for (const statement of context?.statements ?? []) {
    if (!ts.isModuleDeclaration(statement) || statement.body === undefined) continue;
    if (!ts.isModuleBlock(statement.body)) continue;
    for (const declaration of statement.body.statements) {
      if (ts.isVariableStatement(declaration))
        for (const variable of declaration.declarationList.declarations) add(variable.name);
      else if (ts.isFunctionDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration))
        add(declaration.name);
    }
  }
  return symbols;
}

function format(diagnostics: readonly ts.Diagnostic[]): string[] {
  return diagnostics.map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (d.file === undefined || d.start === undefined) return message;
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${line + 1}:${character + 1} ${message}`;
  });
}
