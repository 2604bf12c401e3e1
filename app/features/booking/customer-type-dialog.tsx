import { Button } from "~/components/ui/button";
import { Modal, ModalDescription, ModalTitle, closeModal, opensModal } from "~/components/ui/modal";
import { modalIds } from "~/features/home/modal-ids";
import { type CustomerType, rememberCustomerType } from "./customer-type";

/** 'Welcome!': new or returning, then the booking choices (they open over this one until script closes it). */
export function CustomerTypeDialog() {
  const id = modalIds.customerType;
  const choose = (type: CustomerType) =>
    opensModal(modalIds.booking, () => {
      rememberCustomerType(type);
      closeModal(id);
    });
  return (
    <Modal id={id} width="sm" className="text-center">
      <ModalTitle modalId={id} className="pl-10">
        Welcome!
      </ModalTitle>
      <ModalDescription modalId={id}>Are you a new or returning customer?</ModalDescription>
      <div className="mt-6 grid gap-3">
        <Button size="lg" variant="accent" {...choose("new")}>
          New Customer
        </Button>
        <Button size="lg" variant="outline" {...choose("returning")}>
          Returning Customer
        </Button>
      </div>
      <p className="mt-4 text-sm text-muted">New customers stay their first night free on a stay of 3 nights or more.</p>
    </Modal>
  );
}
