/**
 * One toast at a time, 1500 ms (SPEC.md §8). `notify.success/warn/error/info(message)` from anywhere.
 */
import { Toast } from "primereact/toast";
import { useEffect, useRef } from "react";

type Severity = "success" | "info" | "warn" | "error";
type Show = (severity: Severity, message: string) => void;
let show: Show | null = null;

const SUMMARY: Record<Severity, string> = {
  success: "Éxito",
  info: "Información",
  warn: "Advertencia",
  error: "Error",
};

export const notify = {
  success: (m: string) => show?.("success", m),
  info: (m: string) => show?.("info", m),
  warn: (m: string) => show?.("warn", m),
  error: (m: string) => show?.("error", m),
};

export function ToastHost() {
  const ref = useRef<Toast>(null);
  useEffect(() => {
    show = (severity, detail) => {
      ref.current?.clear();
      ref.current?.show({ severity, summary: SUMMARY[severity], detail, life: 1500 });
    };
    return () => {
      show = null;
    };
  }, []);
  return <Toast ref={ref} position="top-right" />;
}
