/**
 * 'Volver': back to where the clerk came from (the inbox keeps its page, order and search in the
 * address), or to the inbox when the screen was opened directly.
 */
import { useNavigate } from "react-router";
import { RUTA } from "../reglas";

export function useVolver(): () => void {
  const navigate = useNavigate();
  return () => {
    // React Router numbers its history entries; 0 is the first page of this visit.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(RUTA.bandeja);
  };
}
