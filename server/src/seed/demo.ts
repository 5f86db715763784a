/**
 * Demo data (DESIGN.md §7): institutions with their positions, one user per default profile (two
 * originators in different institutions), all with the password `Demo.Firmas.2026`, and requests in
 * every status (demo-solicitudes.ts). Loaded only into a new embedded database, or when asked for.
 */
import { eq, sql } from "drizzle-orm";
import { hashPassword } from "../auth/passwords.js";
import type { Db } from "../db/client.js";
import { cargos, institucionCargos, instituciones, usuarios } from "../db/schema.js";
import { perfilPorNombre } from "./catalogos.js";
import {
  DEMO_PASSWORD,
  type DemoContext,
  INSTITUCIONES_DEMO,
  personaDeUsuario,
  personasDeSolicitudes,
  USUARIOS_DEMO,
} from "./demo-datos.js";
import { seedSolicitudesDemo } from "./demo-solicitudes.js";
import { leerPadron, PADRON_DEMO } from "./padron.js";

export {
  DEMO_PASSWORD,
  type DemoContext,
  INSTITUCIONES_DEMO,
  personaDeUsuario,
  personasDeSolicitudes,
  USUARIOS_DEMO,
} from "./demo-datos.js";

export async function seedDemo(db: Db): Promise<DemoContext> {
  const personas = leerPadron(PADRON_DEMO);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // One transaction for users, institutions and requests: a start killed half-way leaves
  // no demo rows, and the next start loads them again (bootstrap keeps the folder marked as new).
  return db.transaction(async (tx) => {
    const todosCargos = await tx.select().from(cargos);
    const ids: number[] = [];
    for (const inst of INSTITUCIONES_DEMO) {
      const [row] = await tx.insert(instituciones).values(inst).returning({ id: instituciones.idInstitucion });
      ids.push(row.id);
      await tx
        .insert(institucionCargos)
        .values(todosCargos.map((c) => ({ idInstitucion: row.id, idCargo: c.idCargo })));
    }
    const porUsuario = {} as DemoContext["usuarios"];
    for (const [i, u] of USUARIOS_DEMO.entries()) {
      const p = personaDeUsuario(personas, i);
      const [row] = await tx
        .insert(usuarios)
        .values({
          usuario: u.usuario,
          nombre: p.nombres,
          apellido: p.apellidos,
          cedula: p.cedula,
          // Avisos: addresses a local SMTP catcher shows at once.
          email: `${u.usuario}@demo.firmas.example`,
          passwordHash,
          idPerfil: await perfilPorNombre(tx as unknown as Db, u.perfil),
          externo: u.institucion !== null,
          idInstitucion: u.institucion === null ? null : ids[u.institucion],
        })
        .returning({ id: usuarios.idUsuario });
      porUsuario[u.usuario] = row.id;
    }
    const ctx = { instituciones: ids, usuarios: porUsuario };
    await seedSolicitudesDemo(tx as unknown as Db, ctx, personasDeSolicitudes(personas));
    return ctx;
  });
}

export async function hayUsuarios(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(usuarios);
  return n > 0;
}

export async function existeUsuario(db: Db, usuario: string): Promise<boolean> {
  const rows = await db.select({ id: usuarios.idUsuario }).from(usuarios).where(eq(usuarios.usuario, usuario));
  return rows.length > 0;
}
