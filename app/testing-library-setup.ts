// A busy machine renders slowly: `findBy…` waits for a state to appear for up to 10 s (not the
// default 1 s), so a test asserts the sequence of states rather than racing the clock.
// Only component tests (the jsdom environment) have a document; the others skip loading
// Testing Library, which costs a worker about a second.
if (typeof document !== "undefined") {
  const { configure } = await import("@testing-library/dom");
  configure({ asyncUtilTimeout: 10_000 });
}

export {};
