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
import { seedSolicitudesDemo } from "./demo-solicitudes.js";
import { leerPadron, PADRON_DEMO } from "./padron.js";

export const DEMO_PASSWORD = "Demo.Firmas.2026";

export const INSTITUCIONES_DEMO = [
  {
    nombre: "Ministerio de Hacienda",
    estructura: "Gobierno Central",
    direccion: "Av. México No. 45, Gazcue, Santo Domingo",
    telefono: "(809) 687-5131",
    ext: "2101",
    telefono2: "(809) 687-5132",
    ext2: "",
  },
  {
    nombre: "Ayuntamiento de Santiago",
    estructura: "Gobierno Local",
    direccion: "Calle del Sol No. 12, Santiago de los Caballeros",
    telefono: "(809) 582-1234",
    ext: "100",
    telefono2: "",
    ext2: "",
  },
  {
    nombre: "Ministerio de Educación",
    estructura: "Gobierno Central",
    direccion: "Av. Máximo Gómez No. 2, Santo Domingo",
    telefono: "(809) 688-9700",
    ext: "3300",
    telefono2: "(809) 688-9701",
    ext2: "12",
  },
  {
    nombre: "Instituto Nacional de Aguas",
    estructura: "Organismo Descentralizado",
    direccion: "Av. Independencia No. 301, Santo Domingo",
    telefono: "(809) 535-2400",
    ext: "",
    telefono2: "",
    ext2: "",
  },
  {
    nombre: "Dirección General de Aduanas",
    estructura: "Organismo Descentralizado",
    direccion: "Av. Abraham Lincoln No. 1101, Santo Domingo",
    telefono: "(809) 547-7070",
    ext: "500",
    telefono2: "",
    ext2: "",
  },
  {
    nombre: "Ayuntamiento de La Vega",
    estructura: "Gobierno Local",
    direccion: "Calle Padre Adolfo No. 7, La Vega",
    telefono: "(809) 573-2020",
    ext: "",
    telefono2: "",
    ext2: "",
  },
];

export const USUARIOS_DEMO = [
  { usuario: "originador", perfil: "Originador", institucion: 0 },
  { usuario: "originador2", perfil: "Originador", institucion: 1 },
  { usuario: "analista", perfil: "Analista RyCC", institucion: null },
  { usuario: "analista2", perfil: "Analista RyCC", institucion: null },
  { usuario: "juridico", perfil: "Analista Legal", institucion: null },
  { usuario: "juridico2", perfil: "Analista Legal", institucion: null },
  { usuario: "administrador", perfil: "Administrador RyCC", institucion: null },
  { usuario: "consultor", perfil: "Consultor", institucion: null },
  { usuario: "configuracion", perfil: "Administrador de Configuración", institucion: null },
  // Verificación (issue 13): how another system calls GET api/Verificacion/Firma.
  { usuario: "verificador", perfil: "Verificador", institucion: null },
] as const;

/**
 * The first nine demo users are the padrón's first people, and the demo requests' people follow
 * them; users added since take people from the padrón's end, so that the demo requests keep theirs.
 */
const USUARIOS_INICIALES = 9;

export function personaDeUsuario<T>(personas: readonly T[], i: number): T {
  return i < USUARIOS_INICIALES ? personas[i] : personas[personas.length - 1 - (i - USUARIOS_INICIALES)];
}

/** The people the demo requests may use: the padrón without its demo users. */
export function personasDeSolicitudes<T>(personas: readonly T[]): T[] {
  return personas.slice(USUARIOS_INICIALES, personas.length - (USUARIOS_DEMO.length - USUARIOS_INICIALES));
}

export interface DemoContext {
  /** idInstitucion of INSTITUCIONES_DEMO, in order. */
  instituciones: number[];
  /** idUsuario by demo user name. */
  usuarios: Record<(typeof USUARIOS_DEMO)[number]["usuario"], number>;
}

export async function seedDemo(db: Db): Promise<DemoContext> {
  const personas = leerPadron(PADRON_DEMO);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // One transaction for users, institutions and requests (issue 11): a start killed half-way leaves
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
          // Avisos (issue 14): addresses a local SMTP catcher shows at once.
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
