/**
 * The number shown in the callback dialog. It belongs with the business facts in
 * `~/content/business` (the home page content module); it lives here until that module
 * carries the phone, and must match the server's BUSINESS_PHONE (where calls are connected).
 */
export const callbackBusinessPhone = {
  display: "(949) 555-0100",
  tel: "+19495550100",
} as const;
