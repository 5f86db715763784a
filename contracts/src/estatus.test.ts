/**
 * The status catalogue against DESIGN.md §4 and SPEC.md §4/screen 17: texts, stages, colours, the
 * statuses each inbox lists, and the officials' statuses. Expected values are written out here.
 */
import { describe, expect, it } from "vitest";
import {
  CATALOGO_ESTATUS,
  CODIGOS_ESTATUS,
  ESTATUS,
  ESTATUS_BANDEJA,
  ESTATUS_FUNCIONARIO,
  ETAPAS,
  esCodigoEstatus,
  indiceEtapa,
  infoEstatus,
  NOMBRE_ESTATUS_FUNCIONARIO,
  TEXTO_ACTIVA,
  TEXTO_PENDIENTE,
  TEXTO_REVISION,
  TEXTO_USUARIO_ESTATUS,
  textoEstatus,
  textoEstatusUsuario,
} from "./estatus.js";

/** DESIGN.md §4, first table: code → server text and stage. */
const TABLA: Record<number, { estatus: string; etapa: string | null }> = {
  202: { estatus: "Pendiente de enviar", etapa: "Originador" },
  101: { estatus: "Enviado", etapa: "Analista RyCC" },
  108: { estatus: "Retornado por Analista RyCC", etapa: "Originador" },
  102: { estatus: "Aprobado por Analista RyCC", etapa: "Revisión legal" },
  204: { estatus: "Retornado por Juridico", etapa: "Analista RyCC" },
  104: { estatus: "Rechazado por Juridico", etapa: "Originador" },
  105: { estatus: "Aprobado por Juridico", etapa: "Administrador RyCC" },
  103: { estatus: "Retornado Por RyCC", etapa: "Revisión legal" },
  106: { estatus: "Aprobado por Adminstrador RyCC", etapa: "Finalizado" },
  203: { estatus: "Solicitud para Inactivar", etapa: "Administrador RyCC" },
  201: { estatus: "Inactivado", etapa: "Finalizado" },
  109: { estatus: "Anulada", etapa: null },
};

describe("status catalogue", () => {
  it("holds exactly the twelve codes of DESIGN.md §4", () => {
    expect([...CODIGOS_ESTATUS].sort()).toEqual(Object.keys(TABLA).map(Number).sort());
    expect(Object.values(ESTATUS).sort()).toEqual(Object.keys(TABLA).map(Number).sort());
  });

  it("gives each code its server text and stage", () => {
    for (const [codigo, esperado] of Object.entries(TABLA)) {
      const info = infoEstatus(Number(codigo));
      expect(info.codigo).toBe(Number(codigo));
      expect(info.estatus, codigo).toBe(esperado.estatus);
      expect(info.etapa, codigo).toBe(esperado.etapa);
    }
  });

  it("places each code on the five-stage timeline", () => {
    expect(ETAPAS).toEqual(["Originador", "Analista RyCC", "Revisión legal", "Administrador RyCC", "Finalizado"]);
    const porEtapa: Record<number, number[]> = { 0: [104, 108, 202], 1: [101, 204], 2: [102, 103], 3: [105, 203] };
    porEtapa[4] = [106, 201];
    for (const [indice, codigos] of Object.entries(porEtapa)) {
      for (const codigo of codigos) expect(indiceEtapa(codigo), String(codigo)).toBe(Number(indice));
    }
    expect(indiceEtapa(109)).toBe(-1);
  });

  it("colours the statuses as SPEC.md screen 17 says", () => {
    expect(CATALOGO_ESTATUS[105].color).toBe("primary");
    expect(CATALOGO_ESTATUS[203].color).toBe("primary");
    expect(CATALOGO_ESTATUS[201].color).toBe("warning");
    expect(CATALOGO_ESTATUS[204].color).toBe("warning");
    expect(CATALOGO_ESTATUS[104].color).toBe("danger");
    expect(CATALOGO_ESTATUS[106].color).toBe("success");
    // 202 is grey in the originator's inbox (SPEC.md screen 18).
    expect(CATALOGO_ESTATUS[202].color).toBe("secondary");
    const severidades = ["success", "info", "warning", "danger", "secondary", "primary"];
    for (const codigo of CODIGOS_ESTATUS) expect(severidades).toContain(CATALOGO_ESTATUS[codigo].color);
  });

  it("refuses unknown codes", () => {
    expect(esCodigoEstatus(106)).toBe(true);
    expect(esCodigoEstatus(107)).toBe(false);
    expect(() => infoEstatus(999)).toThrow();
    expect(() => indiceEtapa(0)).toThrow();
  });
});

describe("inbox status sets (DESIGN.md §4, Inboxes)", () => {
  it("analyst: 101 and 204", () => {
    expect([...ESTATUS_BANDEJA.analista].sort()).toEqual([101, 204]);
  });

  it("legal: 102 and 103", () => {
    expect([...ESTATUS_BANDEJA.juridico].sort()).toEqual([102, 103]);
  });

  it("administrator and tracking: every status but 202", () => {
    const esperado = CODIGOS_ESTATUS.filter((c) => c !== 202).sort();
    expect([...ESTATUS_BANDEJA.administrador].sort()).toEqual(esperado);
  });

  it("consultant: every status that has been active", () => {
    expect([...ESTATUS_BANDEJA.consultor].sort()).toEqual([106, 201, 203]);
  });

  it("each reviewer inbox holds exactly the statuses of its stage", () => {
    const deEtapa = (etapa: string) => CODIGOS_ESTATUS.filter((c) => CATALOGO_ESTATUS[c].etapa === etapa).sort();
    expect([...ESTATUS_BANDEJA.analista].sort()).toEqual(deEtapa("Analista RyCC"));
    expect([...ESTATUS_BANDEJA.juridico].sort()).toEqual(deEtapa("Revisión legal"));
  });
});

describe("display texts and officials' statuses", () => {
  it("uses the texts of SPEC.md screens 13–17", () => {
    expect(TEXTO_ACTIVA).toBe("Activa");
    expect(TEXTO_PENDIENTE).toBe("Pendiente");
    expect(TEXTO_REVISION).toBe("Revisión");
  });

  it("numbers officials' statuses 1 Pendiente, 2 Activo, 3 Inactivo", () => {
    expect(ESTATUS_FUNCIONARIO).toEqual({ PENDIENTE: 1, ACTIVO: 2, INACTIVO: 3 });
    expect(NOMBRE_ESTATUS_FUNCIONARIO).toEqual({ 1: "Pendiente", 2: "Activo", 3: "Inactivo" });
  });
});

describe("what users read (DESIGN.md §8)", () => {
  it("corrects the server texts' spelling and keeps the API's texts as they are", () => {
    expect(textoEstatus(106)).toBe("Aprobado por Administrador RyCC");
    expect(textoEstatus(103)).toBe("Retornado por RyCC");
    expect(textoEstatus(204)).toBe("Retornado por Jurídico");
    expect(textoEstatus(104)).toBe("Rechazado por Jurídico");
    expect(textoEstatus(105)).toBe("Aprobado por Jurídico");
    expect(infoEstatus(106).estatus).toBe("Aprobado por Adminstrador RyCC");
  });

  it("has a text for every code, without the original misspellings", () => {
    expect(Object.keys(TEXTO_USUARIO_ESTATUS).map(Number).sort()).toEqual([...CODIGOS_ESTATUS].sort());
    for (const codigo of CODIGOS_ESTATUS) expect(textoEstatus(codigo)).not.toMatch(/Adminstrador|Juridico|Por /);
  });

  it("turns the API's status texts into what users read, leaving other texts as they are", () => {
    expect(textoEstatusUsuario(106, "Aprobado por Adminstrador RyCC")).toBe("Aprobado por Administrador RyCC");
    expect(textoEstatusUsuario(103, "En revisión legal")).toBe("En revisión legal");
    expect(textoEstatusUsuario(999, "Otro")).toBe("Otro");
  });

  it("gives the institution its masked texts for the internal returns", () => {
    expect(textoEstatus(103, { externo: true })).toBe("En revisión legal");
    expect(textoEstatus(204, { externo: true })).toBe("En revisión RyCC");
    expect(textoEstatus(106, { externo: true })).toBe("Aprobado por Administrador RyCC");
    expect(() => textoEstatus(999)).toThrow();
  });
});
