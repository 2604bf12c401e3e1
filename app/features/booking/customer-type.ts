export type CustomerType = "new" | "returning";

/** Remembered for the visit (this tab's session), as the spec asks; never sent anywhere. */
const KEY = "customerType";

export function readCustomerType(): CustomerType | null {
  try {
    const value = window.sessionStorage.getItem(KEY);
    return value === "new" || value === "returning" ? value : null;
  } catch {
    return null;
  }
}

export function rememberCustomerType(type: CustomerType) {
  try {
    window.sessionStorage.setItem(KEY, type);
  } catch {
    // Storage can be disabled; the dialog then simply asks again next time.
  }
}
