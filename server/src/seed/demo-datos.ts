/**
 * The demo's fixed data: its institutions, its users (one per default profile, two originators in
 * different institutions) and their password, and which padrón people the users and the requests
 * take. Apart from demo.ts so that the requests' seed (demo-solicitudes.ts) reads it without
 * importing the loader that calls it.
 */
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
  // Verificación: how another system calls GET api/Verificacion/Firma.
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
