/** One line; pass the published address (useSiteContent), not the content module's default. */
export const formatAddress = (a: { street: string; city: string; region: string; postalCode: string }) => `${a.street}, ${a.city}, ${a.region} ${a.postalCode}`;
