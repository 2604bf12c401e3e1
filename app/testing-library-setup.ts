import { configure } from "@testing-library/dom";

// A busy machine renders slowly: `findBy…` waits for a state to appear for up to 10 s (not the
// default 1 s), so a test asserts the sequence of states rather than racing the clock.
configure({ asyncUtilTimeout: 10_000 });
