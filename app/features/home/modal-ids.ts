/** The public pages' native dialogs, by the element id their opening buttons name (`commandfor`). */
export const modalIds = {
  menu: "site-menu",
  customerType: "customer-type",
  booking: "booking-choices",
  callback: "call-request",
  signIn: "sign-in",
  voucher: "free-night-voucher",
} as const;

export type ModalName = keyof typeof modalIds;
