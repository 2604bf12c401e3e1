/**
 * The business profile. Placeholders ({phone}, {email}) from the specification are given
 * clearly replaceable defaults here; components never hard-code business facts.
 */
export const business = {
  name: "Laguna Niguel Cat Hotel",
  shortName: "Cat Hotel",
  tagline: "First Night Free For New Customers",
} as const;
