/** JSON to put inside a <script> element: '<' escaped, so no value can close the element. */
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
