/**
 * Two accessibility repairs PrimeReact 10 leaves to the page, kept in step with the DOM
 * by one observer for every screen:
 *
 * - A table wider than its place (a phone, a narrow dialog) scrolls sideways inside its wrapper; a
 *   keyboard user must be able to reach that scrolling (axe "scrollable-region-focusable", WCAG
 *   2.1.1). While a wrapper overflows it is focusable and a region named after its table; when it
 *   fits again it is left as PrimeReact made it, so wide screens get no extra tab stop.
 * - A Dropdown's focusable element is a read-only text input that screen readers announce as
 *   "edit text"; it is a combobox (WAI-ARIA "select-only combobox"): it gets that role, and
 *   `aria-expanded`/`aria-controls` follow its list as the dropdown's own trigger reports them;
 *   the search field of its list is named by its placeholder.
 */
import { useEffect } from "react";

const MARCA = "data-rf-desplazable";

function ajustarTabla(envoltura: HTMLElement) {
  const desborda = envoltura.scrollWidth > envoltura.clientWidth + 1;
  const marcada = envoltura.hasAttribute(MARCA);
  if (desborda && !marcada) {
    const tabla = envoltura.querySelector("table");
    envoltura.setAttribute(MARCA, "");
    envoltura.tabIndex = 0;
    envoltura.setAttribute("role", "region");
    const titulo = tabla?.getAttribute("aria-labelledby");
    const nombre =
      tabla?.getAttribute("aria-label") ?? (titulo ? document.getElementById(titulo)?.textContent?.trim() : null);
    envoltura.setAttribute("aria-label", nombre || "Tabla");
  } else if (!desborda && marcada) {
    envoltura.removeAttribute(MARCA);
    envoltura.removeAttribute("tabindex");
    envoltura.removeAttribute("role");
    envoltura.removeAttribute("aria-label");
  }
}

function ajustarDesplegable(raiz: HTMLElement) {
  const entrada = raiz.querySelector<HTMLInputElement>(
    ":scope > .p-hidden-accessible > input[aria-haspopup='listbox']",
  );
  if (!entrada) return;
  const abierta = raiz.querySelector(":scope > .p-dropdown-trigger")?.getAttribute("aria-expanded") === "true";
  if (entrada.getAttribute("role") !== "combobox") entrada.setAttribute("role", "combobox");
  if (entrada.getAttribute("aria-expanded") !== String(abierta)) entrada.setAttribute("aria-expanded", String(abierta));
  const lista = abierta ? document.querySelector(".p-dropdown-panel [role='listbox']") : null;
  if (lista) {
    if (!lista.id) lista.id = `${entrada.id || "rf-desplegable"}-lista`;
    if (entrada.getAttribute("aria-controls") !== lista.id) entrada.setAttribute("aria-controls", lista.id);
  } else if (entrada.hasAttribute("aria-controls")) entrada.removeAttribute("aria-controls");
}

/** A dropdown's search field is named by its own placeholder ("Buscar institución"). */
function nombrarFiltro(filtro: HTMLInputElement) {
  if (!filtro.hasAttribute("aria-label")) filtro.setAttribute("aria-label", filtro.placeholder || "Buscar");
}

export function useAjustesAccesibilidad(): void {
  useEffect(() => {
    let pendiente = 0;
    const revisar = () => {
      if (pendiente) return;
      pendiente = requestAnimationFrame(() => {
        pendiente = 0;
        for (const e of document.querySelectorAll<HTMLElement>(".p-datatable-wrapper")) ajustarTabla(e);
        for (const e of document.querySelectorAll<HTMLElement>(".p-dropdown:not(.p-dropdown-editable)"))
          ajustarDesplegable(e);
        for (const e of document.querySelectorAll<HTMLInputElement>(".p-dropdown-panel input.p-dropdown-filter"))
          nombrarFiltro(e);
      });
    };
    const observador = new MutationObserver(revisar);
    observador.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["aria-expanded"],
    });
    window.addEventListener("resize", revisar);
    revisar();
    return () => {
      observador.disconnect();
      window.removeEventListener("resize", revisar);
      if (pendiente) cancelAnimationFrame(pendiente);
    };
  }, []);
}
