/** The inbox rows' actions: icon buttons with an accessible name and a tooltip. */
import { Button } from "primereact/button";
import { useNavigate } from "react-router";

export interface AccionBandejaProps {
  /** Accessible name and tooltip, e.g. 'Ver detalles'. */
  etiqueta: string;
  icono: string;
  onClick: () => void;
  severity?: "secondary" | "success" | "info" | "warning" | "danger" | "help" | "contrast";
}

/** A row action: an icon button with an accessible name and a tooltip (SPEC.md §9 delays). */
export function AccionBandeja({ etiqueta, icono, onClick, severity }: AccionBandejaProps) {
  return (
    <Button
      type="button"
      icon={icono}
      rounded
      text
      severity={severity}
      aria-label={etiqueta}
      tooltip={etiqueta}
      tooltipOptions={{ position: "top", showDelay: 2000, hideDelay: 300 }}
      onClick={onClick}
    />
  );
}

/** The view action: opens the request's detail screen. */
export function AccionVer({ to }: { to: string }) {
  const navigate = useNavigate();
  return <AccionBandeja etiqueta="Ver detalles" icono="pi pi-eye" onClick={() => navigate(to)} />;
}
