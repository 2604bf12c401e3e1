/** Names joined as a sentence says them, in the site's English: "Miso", "Miso and Tofu", "Miso, Tofu, and Pip". */
export const listOf = (names: string[]) => new Intl.ListFormat("en-US", { type: "conjunction" }).format(names);
