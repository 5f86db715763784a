/**
 * A request's status as a coloured tag: the text to show (server text or an inbox's display text)
 * and the colour the server gives in `colorEstatus` (a PrimeReact severity, or "primary").
 */
import { Tag } from "primereact/tag";
import "./solicitud.css";

const SEVERIDADES_TAG = ["success", "info", "warning", "danger", "secondary"] as const;
type SeveridadTag = (typeof SEVERIDADES_TAG)[number];

function esSeveridadTag(v: string): v is SeveridadTag {
  return (SEVERIDADES_TAG as readonly string[]).includes(v);
}

export interface StatusTagProps {
  texto: string;
  /** colorEstatus: success | info | warning | danger | secondary | primary */
  color: string;
}

export function StatusTag({ texto, color }: StatusTagProps) {
  const severidad = esSeveridadTag(color) ? color : null;
  const clase = severidad ?? (color === "primary" ? "primary" : "secondary");
  return <Tag value={texto} severity={severidad} className={`rf-estatus rf-estatus-${clase}`} />;
}
