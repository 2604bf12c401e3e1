import { Modal, ModalDescription, ModalTitle, closeModal } from "~/components/ui/modal";
import { AUTH_TEXT } from "~/domain/sign-in-text";
import { SignInForm } from "./sign-in-form";

/**
 * The sign-in form in a modal ('Sign In or Join' in the header, 'Book Appointment Online' after a
 * callback). The link brings the visitor back to the page the dialog was opened on.
 */
export function SignInDialog({ id }: { id: string }) {
  return (
    <Modal id={id} width="md">
      <ModalTitle modalId={id}>{AUTH_TEXT.pageTitle}</ModalTitle>
      <ModalDescription modalId={id} className="mb-5">
        Sign in or join with your e-mail address: we'll send you a magic link.
      </ModalDescription>
      <SignInForm returnToThisPage onSignedIn={() => closeModal(id)} />
    </Modal>
  );
}
