/**
 * How many levels of an object the details view shows; deeper parts read `<nested too deep>`
 * (`depthLimited`). The API server accepts objects nested 10,000 levels deep, and what makes
 * the details (the redacting copy, the YAML dump, `JSON.stringify`, on the server and in the
 * page) recurses and throws a `RangeError` at a few thousand levels; the YAML of 10,000 levels
 * would also be 100 MB of indentation. Real objects are a dozen levels deep.
 */
export const detailsDepth = 100;
