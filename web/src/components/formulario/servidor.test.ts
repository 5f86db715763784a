/**
 * The form kit's two bridges between the API and react-hook-form: the server's field errors put on
 * the form's fields, and a contracts schema as the form's resolver.
 */
import { MSG, zAppConfirmarBody, zOlvidoClaveBody } from "@registro/contracts";
import type { FieldError, FieldErrors, ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { aplicarErroresServidor, resolverDelEsquema } from "./servidor";

interface Valores {
  Cedula: string;
  IdPerfil: number | null;
  Nombres: string;
}
const CAMPOS = ["Cedula", "IdPerfil", "Nombres"] as const;

/** The errors a form received through setError, by field. */
function formulario() {
  const puestos: Record<string, FieldError> = {};
  const setError = (campo: string, error: FieldError) => {
    puestos[campo] = error;
  };
  return { puestos, setError: setError as Parameters<typeof aplicarErroresServidor<Valores>>[1] };
}

const opcionesResolver = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Record<string, unknown>>;

describe("aplicarErroresServidor", () => {
  it("puts each field's first message on the field of the same name, whatever its case", () => {
    const f = formulario();
    const otros = aplicarErroresServidor(
      { cedula: [MSG.cedulaFormato, "segundo"], IDPERFIL: [MSG.requerido] },
      f.setError,
      CAMPOS,
    );
    expect(f.puestos).toEqual({
      Cedula: { type: "servidor", message: MSG.cedulaFormato },
      IdPerfil: { type: "servidor", message: MSG.requerido },
    });
    expect(otros).toEqual({});
  });

  it("drops a list index and a known prefix, follows an alias, and returns what names no field", () => {
    const f = formulario();
    const otros = aplicarErroresServidor(
      {
        "Nombres[0]": ["de la lista"],
        "newfuncionario.Cedula": ["con prefijo"],
        "InfoIncumbente.Nombre": ["por alias"],
        Token: ["sin campo"],
        Vacio: [],
      },
      f.setError,
      CAMPOS,
      { prefijos: ["newfuncionario."], alias: { "InfoIncumbente.Nombre": "Nombres" } },
    );
    expect(f.puestos.Cedula?.message).toBe("con prefijo");
    // The alias came later than the indexed key: the last one said stays.
    expect(f.puestos.Nombres?.message).toBe("por alias");
    expect(otros).toEqual({ Token: ["sin campo"] });
  });

  it("does nothing without errors", () => {
    const f = formulario();
    expect(aplicarErroresServidor(undefined, f.setError, CAMPOS)).toEqual({});
    expect(f.puestos).toEqual({});
  });
});

describe("resolverDelEsquema", () => {
  const resolver = <T extends Record<string, unknown>>(esquema: z.ZodType, valores: T) =>
    resolverDelEsquema<T>(esquema)(valores, undefined, opcionesResolver as ResolverOptions<T>);

  it("answers the schema's output when the values are valid", async () => {
    const r = await resolver(zAppConfirmarBody, { nombre: "  Teléfono  ", codigo: " 123456 " });
    expect(r.errors).toEqual({});
    expect(r.values).toEqual({ nombre: "Teléfono", codigo: "123456" });
  });

  it("gives each field the first message of its issues, as the API gives it", async () => {
    const r = await resolver(zAppConfirmarBody, { nombre: "", codigo: "12" });
    const errores = r.errors as FieldErrors<{ nombre: string; codigo: string }>;
    expect(errores.nombre?.message).toBe("Indique un nombre.");
    expect(errores.codigo?.message).toBe("El código tiene 6 dígitos.");
    expect(r.values).toEqual({});
  });

  it("nests the errors of a nested field under its path", async () => {
    const esquema = z.object({ Persona: z.object({ Email: zOlvidoClaveBody.shape.Email }) });
    const r = await resolver(esquema, { Persona: { Email: "no-es-correo" } });
    const errores = r.errors as FieldErrors<{ Persona: { Email: string } }>;
    expect(errores.Persona?.Email?.message).toBe(MSG.emailFormato);
  });
});
