import { MSG } from "@registro/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conUnicidad } from "../../src/configuracion/unicidad.js";
import { cargos, usuarios } from "../../src/db/schema.js";
import { AppError } from "../../src/shared/errors.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { usuarioPorNombre } from "../support/configuracion.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t.close());

/** What two clerks saving the same name at the same moment meet: the index, not the service's check. */
describe("unique indexes become field errors", () => {
  it("a position name clash (ignoring case) lands on Nombre", async () => {
    const error = await conUnicidad(() =>
      t.db.insert(cargos).values({ nombre: "MINISTRO", descripcion: "", tipo: 1 }),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ codigo: "Validacion", errors: { Nombre: [MSG.cargoDuplicado] } });
  });

  it("a user's cédula and email clashes land on their fields", async () => {
    const u = (await usuarioPorNombre(t.db, "analista"))!;
    const base = { ...u, idUsuario: undefined, usuario: "otro.usuario", email: "otro@contraloria.gob.do" };
    const cedula = await conUnicidad(() => t.db.insert(usuarios).values(base)).catch((e) => e);
    expect(cedula).toMatchObject({ errors: { Cedula: [MSG.cedulaDuplicada] } });
    const email = await conUnicidad(() =>
      t.db.insert(usuarios).values({ ...base, cedula: "002-0000099-1", email: u.email.toUpperCase() }),
    ).catch((e) => e);
    expect(email).toMatchObject({ errors: { Email: [MSG.emailDuplicado] } });
  });

  it("any other failure passes through untouched", async () => {
    const error = await conUnicidad(() => Promise.reject(new Error("otro"))).catch((e) => e);
    expect(error).not.toBeInstanceOf(AppError);
    expect(error.message).toBe("otro");
  });
});
