/**
 * For every view, a profile holding just that view: every API route answers as the view → route
 * table below says (allowed, or 403). The table is written out here, independent of GRUPOS, so a
 * change in the groups that widens access fails this test. The hub view "Configuración" grants no
 * API at all.
 */
import crypto from "node:crypto";
import { digitoVerificador, V, VISTAS } from "@registro/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../../src/auth/tokens.js";
import { perfiles, perfilVistas, sesiones, usuarios } from "../../src/db/schema.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { idInstitucionDe } from "../support/factories.js";

const O = [V.ORIGINADOR, V.SOLICITUD, V.EDITAR_SOLICITUD, V.NUEVO_FUNCIONARIO, V.DETALLES_ORIGINADOR];
const A = [V.ANALISTA, V.DETALLES_ANALISTA];
const J = [V.JURIDICO, V.DETALLES_JURIDICO];
const H = [V.HISTORICO, V.HISTORICO_DETALLES];
const AD = [V.ADMINISTRADOR, V.DETALLES_ADMINISTRADOR];
const S = [V.SEGUIMIENTO, V.DETALLES_SEGUIMIENTO];
const C = [V.CONSULTA, V.DETALLES_CONSULTA];
const LECTURA = [...O, ...A, ...J, ...H, ...AD, ...S, ...C];

/** "METHOD /url" → the views that grant it. */
const TABLA: Record<string, readonly string[]> = {
  "GET /api/SolicitudFirma/GetMotivosCambioEstatus": [...A, ...AD, ...S],
  "GET /api/SolicitudFirma/GetMotivosCambioEstatusJuridico": [...J, ...H],
  "GET /api/Incumbente/Instituciones": O,
  "GET /api/Instituciones/onlineInstitution": O,
  "GET /api/Usuarios": [V.USUARIOS],
  "POST /api/Usuarios": [V.USUARIOS],
  "PUT /api/Usuarios": [V.USUARIOS],
  "PUT /api/Usuarios/ResetPassword/:idUsuario": [V.USUARIOS],
  "GET /api/Perfiles": [V.PERFILES, V.USUARIOS],
  "GET /api/Perfiles/GetVistas": [V.PERFILES],
  "POST /api/Perfiles": [V.PERFILES],
  "PUT /api/Perfiles": [V.PERFILES],
  "DELETE /api/Perfiles": [V.PERFILES],
  "GET /api/Instituciones": [V.INSTITUCIONES, V.USUARIOS],
  "POST /api/Instituciones": [V.INSTITUCIONES],
  "PUT /api/Instituciones": [V.INSTITUCIONES],
  "GET /api/Usuarios/CargosActivos": [V.CARGOS, V.INSTITUCIONES],
  "POST /api/Usuarios/CrearCargo": [V.CARGOS],
  "PUT /api/Usuarios/EditarCargo": [V.CARGOS],
  "DELETE /api/Usuarios/BorrarCargo": [V.CARGOS],
  "GET /api/Auditoria": [V.AUDITORIA],
  "GET /api/Respaldos": [V.RESPALDOS],
  "POST /api/Respaldos": [V.RESPALDOS],
  "GET /api/ClavesSistema": [V.CLAVES_SISTEMA],
  "POST /api/ClavesSistema": [V.CLAVES_SISTEMA],
  "POST /api/ClavesSistema/Revocar/:idClave": [V.CLAVES_SISTEMA],
  "GET /api/Notificaciones/Entregas": [V.CLAVES_SISTEMA],
  "POST /api/Notificaciones/Entregas/Reenviar/:idEntrega": [V.CLAVES_SISTEMA],
  "GET /api/SolicitudFirma/GetBandejaOriginador": O,
  "GET /api/SolicitudFirma/GetBandejaAnalista": A,
  "GET /api/SolicitudFirma/GetBandejaJuridico": J,
  "GET /api/SolicitudFirma/GetHistorico": H,
  "GET /api/SolicitudFirma/GetBandejaAdministradorRCC": [...AD, ...S],
  "GET /api/SolicitudFirma/GetBandejaConsultor": C,
  "POST /api/SolicitudFirma/AprobarRcc/:idSolicitud": A,
  "POST /api/SolicitudFirma/Retornar/:idSolicitud": A,
  "POST /api/SolicitudFirma/AprobarJuridico/:idSolicitud": J,
  "POST /api/SolicitudFirma/RetornarJuridico/:idSolicitud": [...J, ...AD],
  "POST /api/SolicitudFirma/Rechazar/:idSolicitud": J,
  "POST /api/SolicitudFirma/AprobarAdminRcc/:idSolicitud": AD,
  "POST /api/SolicitudFirma/Inactivar/:idSolicitud": AD,
  "POST /api/SolicitudFirma/AssignProcess/:idSolicitud": [...A, ...J],
  "POST /api/SolicitudFirma/CanAssign/:idSolicitud": [...A, ...J],
  "DELETE /api/Funcionarios/InactivarFuncionario/:id": AD,
  "POST /api/SolicitudFirma/solicitud": O,
  "PUT /api/SolicitudFirma/Put": O,
  "POST /api/SolicitudFirma/SolicitudFuncionario": O,
  "PUT /api/SolicitudFirma/EditSolicitudFuncionario": O,
  "POST /api/SolicitudFirma/EnviarSolicitud/:idSolicitud": O,
  "POST /api/SolicitudFirma/EnviarFuncionario/:idSolicitud": O,
  "POST /api/SolicitudFirma/SolicitudInactivar/:idSolicitud": O,
  "GET /api/SolicitudFirma/:idSolicitud": LECTURA,
  "GET /api/SolicitudFirma/Historico/:idSolicitud": LECTURA,
  "GET /api/SolicitudFirma/GetRechazos/:idSolicitud": LECTURA,
  "GET /api/Funcionarios/GetFuncionarioSolicitud/:idSolicitud": LECTURA,
  "GET /api/Funcionarios/GetFirmasFuncionarios/:idFuncionario": LECTURA,
  "DELETE /api/Funcionarios/DeleteFuncionario/:id": O,
  "GET /api/SolicitudFirma/GetSolicitudAdjuntos/:idSolicitud": LECTURA,
  "GET /api/SolicitudFirma/GetFuncionariosAdjuntos/:idSolicitud/:idFuncionario": LECTURA,
  "GET /api/SolicitudFirma/DownloadAdjunto/:idAdjunto": LECTURA,
  "POST /api/SolicitudFirma/EnlaceAdjunto/:idAdjunto": LECTURA,
  // Verification
  "GET /api/Verificacion/Firma": [V.VERIFICAR_FIRMA],
  "POST /api/Verificacion/Lote": [V.VERIFICAR_FIRMA],
  "POST /api/Verificacion/Lote/Archivo": [V.VERIFICAR_FIRMA],
  "GET /api/Verificacion/GetConstancia/:idSolicitud": LECTURA,
  // The dashboard
  "GET /api/Tablero": [V.TABLERO],
  // Exports of the configuration lists: the list's own screen.
  "GET /api/Exportar/Usuarios": [V.USUARIOS],
  "GET /api/Exportar/Perfiles": [V.PERFILES],
  "GET /api/Exportar/Instituciones": [V.INSTITUCIONES],
  "GET /api/Exportar/Cargos": [V.CARGOS],
  // The Auditoría screen's user filter.
  "GET /api/Auditoria/Usuarios": [V.AUDITORIA],
  // An incident of the audit trail: the configuration administrator only.
  "POST /api/Auditoria/Incidente": [V.AUDITORIA],
};

/** A valid cédula, distinct per n. */
function cedula(n: number): string {
  const base = `0029${String(n).padStart(6, "0")}`;
  return `${base.slice(0, 3)}-${base.slice(3)}-${digitoVerificador(base)}`;
}

let t: TestApp;
/** View name → token of a user whose profile holds only that view. */
const tokenDe = new Map<string, string>();

beforeAll(async () => {
  t = await crearTestApp();
  const [plantilla] = await t.db.select().from(usuarios).where(eq(usuarios.usuario, "consultor"));
  const idInstitucion = await idInstitucionDe(t.db, "originador");
  for (const v of VISTAS) {
    const [p] = await t.db
      .insert(perfiles)
      .values({ nombre: `Solo ${v.nombre}` })
      .returning({ id: perfiles.idPerfil });
    await t.db.insert(perfilVistas).values({ idPerfil: p.id, idVista: v.idVista });
    const externo = O.includes(v.nombre as (typeof O)[number]);
    const [u] = await t.db
      .insert(usuarios)
      .values({
        usuario: `solo${v.idVista}`,
        nombre: "Solo",
        apellido: v.nombre,
        cedula: cedula(v.idVista),
        email: `solo${v.idVista}@example.org`,
        passwordHash: plantilla.passwordHash,
        idPerfil: p.id,
        externo,
        idInstitucion: externo ? idInstitucion : null,
      })
      .returning({ id: usuarios.idUsuario });
    const token = crypto.randomBytes(32).toString("base64url");
    await t.db.insert(sesiones).values({ idUsuario: u.id, tokenHash: hashToken(token) });
    tokenDe.set(v.nombre, token);
  }
});
afterAll(() => t?.close());

/** A call that stops at validation when allowed: ids of 0 and empty bodies are never valid. */
async function llamar(method: string, url: string, token: string) {
  return t.app.inject({
    method: method as "GET",
    url: url.replace(/:[A-Za-z]+/g, "0"),
    headers: { authorization: token },
    ...(method === "GET" ? {} : { payload: {} }),
  });
}

describe("view → route table, one view at a time", () => {
  it("the table names only routes that exist, and every route with views is in it or refuses the hub", () => {
    const conVistas = t.app.rutas.filter((r) => r.method !== "HEAD" && r.config.vistas);
    const registradas = new Set(conVistas.map((r) => `${r.method} ${r.url}`));
    for (const clave of Object.keys(TABLA)) expect(registradas, clave).toContain(clave);
  });

  it("each view grants exactly the routes the table lists for it", async () => {
    const fallos: string[] = [];
    for (const [clave, permitidas] of Object.entries(TABLA)) {
      const [method, url] = clave.split(" ");
      for (const v of VISTAS) {
        const res = await llamar(method, url, tokenDe.get(v.nombre) as string);
        const permitido = res.statusCode !== 401 && res.statusCode !== 403;
        if (permitido !== permitidas.includes(v.nombre)) {
          fallos.push(`${clave} con solo "${v.nombre}" → ${res.statusCode}`);
        }
      }
    }
    expect(fallos).toEqual([]);
  }, 120_000);

  it("the hub view Configuración alone reaches no route that needs a view (including routes not in the table)", async () => {
    const token = tokenDe.get(V.CONFIGURACION) as string;
    for (const r of t.app.rutas.filter((x) => x.method !== "HEAD" && x.config.vistas)) {
      const res = await llamar(r.method, r.url, token);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it("a partial configuration profile (Configuración + Mantenimiento Cargos) cannot read users or create one", async () => {
    const [p] = await t.db.insert(perfiles).values({ nombre: "Config parcial" }).returning({ id: perfiles.idPerfil });
    const ids = VISTAS.filter((v) => v.nombre === V.CONFIGURACION || v.nombre === V.CARGOS).map((v) => v.idVista);
    await t.db.insert(perfilVistas).values(ids.map((idVista) => ({ idPerfil: p.id, idVista })));
    const [plantilla] = await t.db.select().from(usuarios).where(eq(usuarios.usuario, "consultor"));
    const [u] = await t.db
      .insert(usuarios)
      .values({
        ...plantilla,
        idUsuario: undefined,
        usuario: "parcial",
        cedula: cedula(999),
        email: "parcial@example.org",
        idPerfil: p.id,
      })
      .returning({ id: usuarios.idUsuario });
    const token = crypto.randomBytes(32).toString("base64url");
    await t.db.insert(sesiones).values({ idUsuario: u.id, tokenHash: hashToken(token) });
    for (const url of ["/api/Usuarios", "/api/Perfiles", "/api/Perfiles/GetVistas", "/api/Auditoria"]) {
      expect((await t.app.inject({ method: "GET", url, headers: { authorization: token } })).statusCode, url).toBe(403);
    }
    const crear = await t.app.inject({
      method: "POST",
      url: "/api/Usuarios",
      headers: { authorization: token },
      payload: { usuario: "nuevoadmin" },
    });
    expect(crear.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/Usuarios/CargosActivos", headers: { authorization: token } }))
        .statusCode,
    ).toBe(200);
  });
});
