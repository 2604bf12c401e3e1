import { useEffect, useRef, useState } from "react";
import { toast } from "~/lib/toast";
import { donation } from "~/content/donation";

/**
 * The demo donation: no server call and no payment. 'Processing...' for about 2 s, then the
 * thank-you toast and, 2 s later, the note that this is a demo.
 */
export function useDonate(startCheckout: () => Promise<void> = () => Promise.resolve()) {
  const [processing, setProcessing] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const later = (ms: number) => new Promise<void>((resolve) => timers.current.push(setTimeout(resolve, ms)));

  const donate = async () => {
    const { messages, timings } = donation;
    setProcessing(true);
    try {
      await Promise.all([startCheckout(), later(timings.processingMs)]);
      toast.success(messages.success, { description: messages.successDescription, duration: timings.successToastMs });
      timers.current.push(setTimeout(() => toast.info(messages.demo, { duration: timings.demoToastMs }), timings.demoDelayMs));
    } catch {
      toast.error(messages.failure);
    } finally {
      setProcessing(false);
    }
  };

  return { processing, donate };
}
