import { MSG } from "@registro/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearTestApp, type TestApp } from "../support/app.js";
import {
  auditoriaDe,
  cedulaNueva,
  contarAuditoria,
  esperarErrores,
  esperarNoAutenticado,
  esperarProhibido,
  idInstitucion,
  idPerfil,
  usuarioPorNombre,
} from "../support/configuracion.js";

let t: TestApp;
let perfilOriginador: number;
let hacienda: number;
beforeAll(async () => {
  t = await crearTestApp();
  perfilOriginador = await idPerfil(t.db, "Originador");
  hacienda = await idInstitucion(t.db, "Ministerio de Hacienda");
});
afterAll(() => t.close());

const USUARIOS = "/api/Usuarios";

function nuevoUsuario(n: number, extra: Record<string, unknown> = {}) {
  return {
    Cedula: cedulaNueva(n),
    Nombre: "Lucía",
    Apellido: "Fernández Ruiz",
    IdPerfil: perfilOriginador,
    Usuario: `usuario${n}`,
    Email: `usuario${n}@institucion.gob.do`,
    UExterno: true,
    IdInst: hacienda,
    ...extra,
  };
}

/** A new external user made through the API: its id and temporary password. */
async function crearUsuarioPrueba(n: number): Promise<{ idUsuario: number; password: string }> {
  const res = await t.as("configuracion", { method: "POST", url: USUARIOS, payload: nuevoUsuario(n) });
  return res.json().data;
}

async function contarUsuarios() {
  const res = await t.as("configuracion", { method: "GET", url: USUARIOS });
  return (res.json() as unknown[]).length;
}

async function cambiarClave(token: string, nueva: string, actual: string) {
  return t.app.inject({
    method: "PUT",
    url: "/api/Account/CambiarContrasena",
    headers: { authorization: token },
    payload: { ContraseñaActual: actual, NuevaContraseña: nueva, ConfirmarContraseña: nueva },
  });
}

describe("GET /api/Usuarios", () => {
  it("401 without a token", () => esperarNoAutenticado(t, { method: "GET", url: USUARIOS }));

  it("403 for every role without the configuration views", () => esperarProhibido(t, { method: "GET", url: USUARIOS }));

  it("lists every user with the institution, or the comptroller body for internal users", async () => {
    const res = await t.as("configuracion", { method: "GET", url: USUARIOS });
    expect(res.statusCode).toBe(200);
    const lista = res.json() as Record<string, unknown>[];
    expect(lista.length).toBeGreaterThanOrEqual(9);
    expect(lista.find((u) => u.usuario === "originador")).toMatchObject({
      perfil: "Originador",
      uExterno: true,
      idInst: hacienda,
      institucion: "Ministerio de Hacienda",
      activo: true,
    });
    expect(lista.find((u) => u.usuario === "analista")).toMatchObject({
      perfil: "Analista RyCC",
      uExterno: false,
      idInst: null,
      institucion: "Contraloría General de la República",
    });
    for (const u of lista) {
      expect(Object.keys(u).sort()).toEqual(
        [
          "activo",
          "apellido",
          "bloqueado",
          "cedula",
          "email",
          "idInst",
          "idPerfil",
          "idUsuario",
          "institucion",
          "nombre",
          "perfil",
          "uExterno",
          "usuario",
        ].sort(),
      );
    }
  });
});

describe("POST /api/Usuarios", () => {
  it("401 without a token", () => esperarNoAutenticado(t, { method: "POST", url: USUARIOS, payload: nuevoUsuario(1) }));

  it("401 and 403 come before validation: an empty body tells an outsider nothing", async () => {
    await esperarNoAutenticado(t, { method: "POST", url: USUARIOS, payload: {} });
    await esperarProhibido(t, { method: "POST", url: USUARIOS, payload: {} });
  });

  it("403 for every other role, and nothing is created", async () => {
    const antes = await contarUsuarios();
    await esperarProhibido(t, { method: "POST", url: USUARIOS, payload: nuevoUsuario(1) });
    expect(await contarUsuarios()).toBe(antes);
  });

  it("400 with every required field named", async () => {
    const res = await t.as("configuracion", { method: "POST", url: USUARIOS, payload: {} });
    esperarErrores(res, {
      Cedula: MSG.requerido,
      Nombre: MSG.requerido,
      Apellido: MSG.requerido,
      IdPerfil: MSG.requerido,
      Usuario: MSG.requerido,
      Email: MSG.requerido,
    });
  });

  it("400 for a malformed cédula, a wrong check digit, a bad email and a bad user name", async () => {
    const malformada = await t.as("configuracion", {
      method: "POST",
      url: USUARIOS,
      payload: nuevoUsuario(2, { Cedula: "0010000001", Email: "no-es-correo", Usuario: "con espacio" }),
    });
    esperarErrores(malformada, {
      Cedula: MSG.cedulaFormato,
      Email: MSG.emailFormato,
      Usuario: MSG.usuarioFormato,
    });
    const digito = cedulaNueva(2).replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    const res = await t.as("configuracion", {
      method: "POST",
      url: USUARIOS,
      payload: nuevoUsuario(2, { Cedula: digito }),
    });
    esperarErrores(res, { Cedula: MSG.cedulaInvalida });
  });

  it("400 for a user name, cédula or email already taken (ignoring case)", async () => {
    const originador = await usuarioPorNombre(t.db, "originador");
    const res = await t.as("configuracion", {
      method: "POST",
      url: USUARIOS,
      payload: nuevoUsuario(3, {
        Usuario: "ORIGINADOR",
        Cedula: originador!.cedula,
        Email: originador!.email.toUpperCase(),
      }),
    });
    esperarErrores(res, { Usuario: MSG.usuarioDuplicado, Cedula: MSG.cedulaDuplicada, Email: MSG.emailDuplicado });
  });

  it("400 for an unknown profile", async () => {
    const res = await t.as("configuracion", {
      method: "POST",
      url: USUARIOS,
      payload: nuevoUsuario(4, { IdPerfil: 99999 }),
    });
    esperarErrores(res, { IdPerfil: MSG.perfilNoExiste });
  });

  it("400 for an external user without an institution, with an unknown one, or an inactive one", async () => {
    const sin = await t.as("configuracion", {
      method: "POST",
      url: USUARIOS,
      payload: nuevoUsuario(5, { IdInst: null }),
    });
    esperarErrores(sin, { IdInst: MSG.institucionUsuarioRequerida });
    const desconocida = await t.as("configuracion", {
      method: "POST",
      url: USUARIOS,
      payload: nuevoUsuario(5, { IdInst: 99999 }),
    });
    esperarErrores(desconocida, { IdInst: MSG.institucionNoDisponible });

    const inst = await t.as("configuracion", {
      method: "POST",
      url: "/api/Instituciones",
      payload: {
        Nombre: "Institución Inactiva de Prueba",
        Direccion: "Calle 1",
        Telefono: "(809) 555-0000",
        Estatus: false,
      },
    });
    const inactiva = inst.json().data.idInstitucionFirma;
    const res = await t.as("configuracion", {
      method: "POST",
      url: USUARIOS,
      payload: nuevoUsuario(5, { IdInst: inactiva }),
    });
    esperarErrores(res, { IdInst: MSG.institucionNoDisponible });
    expect(await usuarioPorNombre(t.db, "usuario5")).toBeNull();
  });

  it("creates an external user with a one-time password that must be changed at first sign-in", async () => {
    const auditoriaAntes = await contarAuditoria(t.db);
    const res = await t.as("configuracion", { method: "POST", url: USUARIOS, payload: nuevoUsuario(10) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: MSG.usuarioCreado, data: { usuario: "usuario10" } });
    const { idUsuario, password } = body.data;
    expect(password).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/);

    const lista = (await t.as("configuracion", { method: "GET", url: USUARIOS })).json() as Record<string, unknown>[];
    expect(lista.find((u) => u.idUsuario === idUsuario)).toMatchObject({
      usuario: "usuario10",
      nombre: "Lucía",
      apellido: "Fernández Ruiz",
      cedula: cedulaNueva(10),
      email: "usuario10@institucion.gob.do",
      idPerfil: perfilOriginador,
      perfil: "Originador",
      uExterno: true,
      idInst: hacienda,
      institucion: "Ministerio de Hacienda",
      activo: true,
    });

    // The temporary password signs in, but only the password change is allowed.
    const token = await t.token("usuario10", password);
    const datos = await t.app.inject({
      method: "GET",
      url: "/api/Account/GetUserData",
      headers: { authorization: token },
    });
    expect(datos.json().usuario).toMatchObject({ usuario: "usuario10", cambioClave: true, uExterno: true });
    const otra = await t.app.inject({
      method: "GET",
      url: "/api/Usuarios/CargarCriterios",
      headers: { authorization: token },
    });
    expect(otra.statusCode).toBe(403);
    expect(otra.json().message).toBe(MSG.cambioClaveRequerido);
    expect((await cambiarClave(token, "Nueva.Clave.Segura.2026", password)).json().success).toBe(true);
    const despues = await t.app.inject({
      method: "GET",
      url: "/api/Account/GetUserData",
      headers: { authorization: token },
    });
    expect(despues.json().usuario.cambioClave).toBe(false);

    // Audited once, by the administrator, without any password.
    expect(await contarAuditoria(t.db)).toBe(auditoriaAntes + 1);
    const [fila] = await auditoriaDe(t.db, "Usuario", idUsuario);
    const configuracion = await usuarioPorNombre(t.db, "configuracion");
    expect(fila).toMatchObject({ accion: "crear", idUsuario: configuracion!.idUsuario, antes: null });
    expect(fila.despues).toMatchObject({ usuario: "usuario10", institucion: "Ministerio de Hacienda" });
    const texto = JSON.stringify(fila).toLowerCase();
    expect(texto).not.toContain("password");
    expect(texto).not.toContain("argon2");
    expect(texto).not.toContain(password.toLowerCase());
  });

  it("creates an internal user without institution, binding field names case-insensitively", async () => {
    const res = await t.as("configuracion", {
      method: "POST",
      url: USUARIOS,
      payload: {
        cedula: cedulaNueva(11),
        nombre: "Pedro",
        apellido: "Santos",
        idPerfil: await idPerfil(t.db, "Analista RyCC"),
        usuario: "pedro.santos",
        email: "pedro.santos@contraloria.gob.do",
        uExterno: false,
        idInst: hacienda,
      },
    });
    expect(res.json()).toMatchObject({ success: true });
    const u = await usuarioPorNombre(t.db, "pedro.santos");
    expect(u).toMatchObject({ externo: false, idInstitucion: null, cambioClave: true, activo: true });
  });
});

describe("PUT /api/Usuarios", () => {
  async function editar(usuario: string, cambios: Record<string, unknown>) {
    const u = (await usuarioPorNombre(t.db, usuario))!;
    return {
      IdUsuario: u.idUsuario,
      Cedula: u.cedula,
      Nombre: u.nombre,
      Apellido: u.apellido,
      IdPerfil: u.idPerfil,
      Usuario: u.usuario,
      Email: u.email,
      UExterno: u.externo,
      IdInst: u.idInstitucion,
      Activo: u.activo,
      ...cambios,
    };
  }

  it("401 without a token", async () =>
    esperarNoAutenticado(t, { method: "PUT", url: USUARIOS, payload: await editar("originador2", {}) }));

  it("403 for every other role", async () =>
    esperarProhibido(t, {
      method: "PUT",
      url: USUARIOS,
      payload: await editar("originador2", { Activo: false }),
    }));

  it("400 without the user's id, 404 for an unknown user", async () => {
    const { IdUsuario: _, ...sinId } = await editar("originador2", {});
    esperarErrores(await t.as("configuracion", { method: "PUT", url: USUARIOS, payload: sinId }), {
      IdUsuario: MSG.requerido,
    });
    const res = await t.as("configuracion", {
      method: "PUT",
      url: USUARIOS,
      payload: await editar("originador2", { IdUsuario: 99999 }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: MSG.usuarioNoEncontrado });
  });

  it("400 for another user's name, cédula or email; its own values are fine", async () => {
    const analista = (await usuarioPorNombre(t.db, "analista"))!;
    const res = await t.as("configuracion", {
      method: "PUT",
      url: USUARIOS,
      payload: await editar("originador2", {
        Usuario: "Analista",
        Cedula: analista.cedula,
        Email: analista.email,
      }),
    });
    esperarErrores(res, { Usuario: MSG.usuarioDuplicado, Cedula: MSG.cedulaDuplicada, Email: MSG.emailDuplicado });
    const mismo = await t.as("configuracion", {
      method: "PUT",
      url: USUARIOS,
      payload: await editar("originador2", {}),
    });
    expect(mismo.json()).toEqual({ success: true, message: MSG.usuarioActualizado });
  });

  it("400 for an unknown profile or a missing institution of an external user", async () => {
    const res = await t.as("configuracion", {
      method: "PUT",
      url: USUARIOS,
      payload: await editar("originador2", { IdPerfil: 99999, IdInst: null }),
    });
    esperarErrores(res, { IdPerfil: MSG.perfilNoExiste, IdInst: MSG.institucionUsuarioRequerida });
  });

  it("400 when the administrator disables themself or leaves nobody able to administer", async () => {
    const yo = await t.as("configuracion", {
      method: "PUT",
      url: USUARIOS,
      payload: await editar("configuracion", { Activo: false }),
    });
    esperarErrores(yo, { Activo: MSG.noDesactivarseASiMismo });
    const perfil = await t.as("configuracion", {
      method: "PUT",
      url: USUARIOS,
      payload: await editar("configuracion", { IdPerfil: await idPerfil(t.db, "Consultor") }),
    });
    esperarErrores(perfil, { IdPerfil: MSG.ultimoAdministrador });
    const u = (await usuarioPorNombre(t.db, "configuracion"))!;
    expect(u.idPerfil).toBe(await idPerfil(t.db, "Administrador de Configuración"));
    expect(u.activo).toBe(true);
  });

  it("edits a user and audits the before and after", async () => {
    const antes = (await usuarioPorNombre(t.db, "originador2"))!;
    const res = await t.as("configuracion", {
      method: "PUT",
      url: USUARIOS,
      payload: await editar("originador2", { Email: "nuevo.correo@santiago.gob.do", Nombre: "Rosa" }),
    });
    expect(res.json()).toEqual({ success: true, message: MSG.usuarioActualizado });
    const [fila] = await auditoriaDe(t.db, "Usuario", antes.idUsuario);
    expect(fila.accion).toBe("editar");
    expect(fila.antes).toMatchObject({ email: antes.email, nombre: antes.nombre });
    expect(fila.despues).toMatchObject({ email: "nuevo.correo@santiago.gob.do", nombre: "Rosa" });
    expect(JSON.stringify(fila)).not.toContain("argon2");
  });

  it("a profile change shows in the user's GetUserData on the next call", async () => {
    const token = await t.token("juridico2");
    const antes = await t.app.inject({
      method: "GET",
      url: "/api/Account/GetUserData",
      headers: { authorization: token },
    });
    expect(antes.json().usuario.perfil).toBe("Analista Legal");
    const res = await t.as("configuracion", {
      method: "PUT",
      url: USUARIOS,
      payload: await editar("juridico2", { IdPerfil: await idPerfil(t.db, "Consultor") }),
    });
    expect(res.json().success).toBe(true);
    const despues = await t.app.inject({
      method: "GET",
      url: "/api/Account/GetUserData",
      headers: { authorization: token },
    });
    expect(despues.json().usuario.perfil).toBe("Consultor");
    expect(despues.json().vistas.map((v: { nombre: string }) => v.nombre)).toEqual([
      "Consulta",
      "Detalles de la firma",
      "Verificar firma",
    ]);
    const restaurado = await t.as("configuracion", {
      method: "PUT",
      url: USUARIOS,
      payload: await editar("juridico2", { IdPerfil: await idPerfil(t.db, "Analista Legal") }),
    });
    expect(restaurado.json().success).toBe(true);
  });

  it("disabling a user ends their sessions at once and stops sign-in", async () => {
    const { idUsuario, password } = await crearUsuarioPrueba(20);
    const token = await t.token("usuario20", password);
    const ok = await t.app.inject({
      method: "GET",
      url: "/api/Account/GetUserData",
      headers: { authorization: token },
    });
    expect(ok.statusCode).toBe(200);
    const res = await t.as("configuracion", {
      method: "PUT",
      url: USUARIOS,
      payload: await editar("usuario20", { Activo: false }),
    });
    expect(res.json().success).toBe(true);
    const despues = await t.app.inject({
      method: "GET",
      url: "/api/Account/GetUserData",
      headers: { authorization: token },
    });
    expect(despues.statusCode).toBe(401);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/Account/LogIn",
      payload: { userName: "usuario20", password },
    });
    expect(login.json()).toEqual({ success: false, message: MSG.loginFallido });
    const [fila] = await auditoriaDe(t.db, "Usuario", idUsuario);
    expect(fila.antes).toMatchObject({ activo: true });
    expect(fila.despues).toMatchObject({ activo: false });
    const lista = (await t.as("configuracion", { method: "GET", url: USUARIOS })).json() as Record<string, unknown>[];
    expect(lista.find((x) => x.usuario === "usuario20")?.activo).toBe(false);
  });
});

describe("PUT /api/Usuarios/ResetPassword/{idUsuario}", () => {
  const url = (id: number | string) => `/api/Usuarios/ResetPassword/${id}`;

  it("401 without a token", async () => {
    const u = (await usuarioPorNombre(t.db, "originador"))!;
    await esperarNoAutenticado(t, { method: "PUT", url: url(u.idUsuario) });
  });

  it("403 for every other role", async () => {
    const u = (await usuarioPorNombre(t.db, "originador"))!;
    await esperarProhibido(t, { method: "PUT", url: url(u.idUsuario) });
  });

  it("400 for a malformed id, 404 for an unknown user", async () => {
    esperarErrores(await t.as("configuracion", { method: "PUT", url: url("abc") }), {
      idUsuario: MSG.numeroInvalido,
    });
    const res = await t.as("configuracion", { method: "PUT", url: url(99999) });
    expect(res.statusCode).toBe(404);
  });

  it("resets an internal user too (an internal user who forgets a password has a way back)", async () => {
    const res0 = await t.as("configuracion", {
      method: "POST",
      url: USUARIOS,
      payload: nuevoUsuario(41, { UExterno: false, IdInst: null }),
    });
    const { idUsuario } = res0.json().data;
    const antes = (await usuarioPorNombre(t.db, "usuario41"))!;
    const res = await t.as("configuracion", { method: "PUT", url: url(idUsuario) });
    expect(res.json()).toMatchObject({ success: true, message: MSG.claveReiniciada });
    const despues = (await usuarioPorNombre(t.db, "usuario41"))!;
    expect(despues.externo).toBe(false);
    expect(despues.passwordHash).not.toBe(antes.passwordHash);
    expect(despues.cambioClave).toBe(true);
  });

  it("gives a new one-time password, ends the user's sessions and requires a change", async () => {
    const creado = await crearUsuarioPrueba(30);
    const token = await t.token("usuario30", creado.password);
    expect((await cambiarClave(token, "Clave.Propia.Del.Usuario", creado.password)).json().success).toBe(true);
    const u = (await usuarioPorNombre(t.db, "usuario30"))!;
    expect(u.cambioClave).toBe(false);
    const res = await t.as("configuracion", { method: "PUT", url: url(u.idUsuario) });
    expect(res.json()).toMatchObject({ success: true, message: MSG.claveReiniciada });
    const { password } = res.json().data;
    expect(password).not.toBe(creado.password);

    const viejo = await t.app.inject({
      method: "GET",
      url: "/api/Account/GetUserData",
      headers: { authorization: token },
    });
    expect(viejo.statusCode).toBe(401);
    const anterior = await t.app.inject({
      method: "POST",
      url: "/api/Account/LogIn",
      payload: { userName: "usuario30", password: "Clave.Propia.Del.Usuario" },
    });
    expect(anterior.json().success).toBe(false);
    const nuevo = await t.token("usuario30", password);
    const datos = await t.app.inject({
      method: "GET",
      url: "/api/Account/GetUserData",
      headers: { authorization: nuevo },
    });
    expect(datos.json().usuario.cambioClave).toBe(true);

    const [fila] = await auditoriaDe(t.db, "Usuario", u.idUsuario);
    expect(fila.accion).toBe("reiniciar_clave");
    expect(JSON.stringify(fila)).not.toContain(password);
    expect(JSON.stringify(fila)).not.toContain("argon2");
  });
});
