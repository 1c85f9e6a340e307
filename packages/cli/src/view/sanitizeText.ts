// The escaping of cluster text lives in the informer, whose default logger writes server
// messages to the console; the CLI applies the same rules to every cell and message it shows.
export {
  printableText as sanitizeText,
  maxPrintableLength as maxTextLength,
  unsafeCodePoints,
} from '@rxkube/informer';
