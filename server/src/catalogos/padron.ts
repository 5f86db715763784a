/**
 * The external person registry (PADRON_URL): `GET ${PADRON_URL}/${cedula}` answering
 * `{nombres, apellidos}` or `{nombre, apellidos}`. Any failure (timeout, non-200, odd JSON) yields
 * null so the caller falls back to the local `personas` table; the registry being down must never
 * stop a clerk from filling a form.
 */
import { z } from "zod";

export const PADRON_TIMEOUT_MS = 3000;

export interface PersonaPadron {
  nombres: string;
  apellidos: string;
}

const zRespuestaPadron = z
  .object({
    nombres: z.string().trim().min(1).max(200).optional(),
    nombre: z.string().trim().min(1).max(200).optional(),
    apellidos: z.string().trim().min(1).max(200),
  })
  .refine((p) => p.nombres ?? p.nombre);

export async function consultarPadronExterno(
  baseUrl: string,
  cedula: string,
  timeoutMs = PADRON_TIMEOUT_MS,
): Promise<PersonaPadron | null> {
  const url = `${baseUrl.replace(/\/+$/, "")}/${encodeURIComponent(cedula)}`;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    const parsed = zRespuestaPadron.safeParse(await res.json());
    if (!parsed.success) return null;
    return { nombres: (parsed.data.nombres ?? parsed.data.nombre)!, apellidos: parsed.data.apellidos };
  } catch {
    return null;
  }
}
