/**
 * The reviewers' inboxes with a first page asked for while their code loads (routes.ts: `precargar`);
 * the screens draw them with these same settings, so the table finds that page under its key.
 */
import type { DefinicionBandeja } from "../../components/bandeja/consulta";
import { cargarBandejaAnalista } from "./api/get-bandeja-analista";
import { cargarBandejaConsultor } from "./api/get-bandeja-consultor";
import { cargarBandejaJuridico } from "./api/get-bandeja-juridico";

export const BANDEJA_ANALISTA = {
  clave: ["analista"],
  cargar: cargarBandejaAnalista,
  filtroAsignadas: true,
  espera: true,
} satisfies DefinicionBandeja;

export const BANDEJA_JURIDICO = {
  clave: ["juridico"],
  cargar: cargarBandejaJuridico,
  filtroAsignadas: true,
  espera: true,
} satisfies DefinicionBandeja;

export const BANDEJA_CONSULTA = {
  clave: ["consultor"],
  cargar: cargarBandejaConsultor,
  filtroVencimiento: true,
} satisfies DefinicionBandeja;
