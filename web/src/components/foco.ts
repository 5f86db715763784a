/**
 * Where focus goes when a dialog or a panel opens and closes, for people on a keyboard or a screen
 * reader: opening puts it on the first field (PrimeReact puts it on the close button); closing
 * gives it back to what opened it, or — when that is gone (a menu item, a button the decision
 * replaced) — to a fallback or the page's heading, never to nothing.
 */
import { DomHandler } from "primereact/utils";
import { useEffect, useLayoutEffect, useRef } from "react";

/** PrimeReact's exit transition is 150 ms; its own focus return happens at its end. */
const TRAS_CERRAR_MS = 300;

/** The first control of the dialog's content, else of its footer (a confirmation's "No"). */
export function enfocarPrimerCampo(dialogo: HTMLElement | null | undefined) {
  if (!dialogo) return;
  const activo = document.activeElement;
  // An element the dialog chose itself (autoFocus) keeps the focus; the close button does not.
  if (activo && dialogo.contains(activo) && !activo.closest(".p-dialog-header")) return;
  const zona = (sel: string) => dialogo.querySelector<HTMLElement>(sel);
  for (const z of [zona(".p-dialog-content"), zona(".p-dialog-footer")]) {
    const primero = z
      ? (DomHandler.getFirstFocusableElement(z, ':not([aria-hidden="true"])') as HTMLElement | null)
      : null;
    if (primero) {
      primero.focus();
      return;
    }
  }
}

/** The page's heading as the last place focus may rest. */
function encabezado(): HTMLElement | null {
  const h1 = document.querySelector<HTMLElement>("main h1");
  if (h1 && !h1.hasAttribute("tabindex")) h1.tabIndex = -1;
  return h1;
}

/**
 * Gives focus back when `visible` turns false: to the element focused when it opened if it is
 * still on the page, else to `respaldo()`, else to the page's heading — only if focus was lost.
 */
export function useFocoDeRegreso(visible: boolean, respaldo?: () => HTMLElement | null | undefined) {
  const origen = useRef<HTMLElement | null>(null);
  const antes = useRef(visible);
  const respaldoRef = useRef(respaldo);
  respaldoRef.current = respaldo;
  useLayoutEffect(() => {
    const abrio = visible && !antes.current;
    const cerro = !visible && antes.current;
    antes.current = visible;
    if (abrio) origen.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!cerro) return;
    const t = window.setTimeout(() => {
      const activo = document.activeElement;
      if (activo && activo !== document.body) return;
      const destino = origen.current?.isConnected ? origen.current : (respaldoRef.current?.() ?? encabezado());
      destino?.focus();
    }, TRAS_CERRAR_MS);
    return () => window.clearTimeout(t);
  }, [visible]);
}

/**
 * While a modal dialog is open, focus stays in it: a focus landing on the page behind it (`#root`;
 * overlays, toasts and other dialogs live outside it) goes back to where it was in the dialog.
 * PrimeReact gives focus back to a dialog's opener at the end of its exit transition, 150 ms after
 * it closed; a dialog opened in between (the temporary password after a confirmation, answered
 * quickly) would lose the focus to the page, and the next Enter would act there.
 */
export function useFocoRetenido(visible: boolean, dialogo: () => HTMLElement | null | undefined) {
  const dialogoRef = useRef(dialogo);
  dialogoRef.current = dialogo;
  useEffect(() => {
    if (!visible) return;
    const alEnfocar = (e: FocusEvent) => {
      const el = dialogoRef.current();
      const destino = e.target;
      if (!el || !(destino instanceof Node) || el.contains(destino)) return;
      if (!document.getElementById("root")?.contains(destino)) return;
      // Back to what had it in the dialog (it just lost it), else to the dialog's first field.
      const previo = e.relatedTarget;
      if (previo instanceof HTMLElement && previo.isConnected && el.contains(previo)) previo.focus();
      else enfocarPrimerCampo(el);
    };
    document.addEventListener("focusin", alEnfocar);
    return () => document.removeEventListener("focusin", alEnfocar);
  }, [visible]);
}
