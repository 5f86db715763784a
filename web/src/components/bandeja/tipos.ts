/** The paged inbox query and answer the web app uses (DESIGN.md §3 "Lists"). */
import type { BandejaItem } from "@registro/contracts";

export type ConsultaPagina = {
  /** 0-based page index. */
  page: number;
  rows: number;
  sortField: string;
  sortOrder: 1 | -1;
  q?: string;
  institucion?: number;
  estatus?: number;
  /** Avisos: officials near their end date, or past it. */
  vencimiento?: "porVencer" | "vencidas";
  /** "Mis asignadas": only the requests the signed-in reviewer holds. */
  asignadas?: "mias";
  /** Only the requests waiting in their stage longer than the setting. */
  espera?: "larga";
  /**
   * In date order, the page is the rows after this request (the last row of the page before): the
   * paginator's "next" on a search counted only up to its cap (issue 40).
   */
  despuesDe?: number;
};

export interface PaginaBandeja {
  rows: BandejaItem[];
  totalRecords: number;
  /** A search matched more than `totalRecords` requests; the count stopped there. */
  totalLimitado?: true;
}

/** Every inbox's query key starts with this, so a decision can reload them all at once. */
export const CLAVE_BANDEJA = "bandeja";
