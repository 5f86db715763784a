/**
 * The signature card (Tarjeta de Firmas) as a real Word document, built with `docx`: the official's
 * data, the catalogue's signature types as tick boxes, validity, range, three specimen boxes and the
 * highest authority's signature and seal. Blank when no official is given, filled in otherwise.
 */
import type { TipoFirma } from "@registro/contracts";
import {
  AlignmentType,
  BorderStyle,
  CheckBox,
  Document,
  Footer,
  HeightRule,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  VerticalAlignTable,
  WidthType,
} from "docx";

export interface DatosTarjeta {
  institucion: string;
  nombres: string;
  apellidos: string;
  cedula: string;
  cargo: string;
  firmaDigital: boolean;
  /** idFirma of the signatures the official holds. */
  firmas: ReadonlySet<number>;
  firmaVigencia: boolean;
  fechaDesde: string | null;
  fechaHasta: string | null;
  firmaRango: boolean;
  montoDesde: number | null;
  montoHasta: number | null;
  /** The request's incumbent: the institution's highest authority. */
  autoridad: { nombre: string; cargo: string };
}

const FUENTE = "Arial";
const AZUL = "1E3A8A";
const GRIS = "F1F5F9";
/** Letter page, 0.75" margins: 12240 - 2 × 1080 twips. */
const ANCHO = 10080;
const BLANCO = "______________________________";

const borde = { style: BorderStyle.SINGLE, size: 6, color: "64748B" };
const bordes = { top: borde, bottom: borde, left: borde, right: borde };

const texto = (t: string, extra: { bold?: boolean; size?: number; color?: string; italics?: boolean } = {}) =>
  new TextRun({
    text: t,
    font: FUENTE,
    size: extra.size ?? 20,
    bold: extra.bold,
    color: extra.color,
    italics: extra.italics,
  });

const caja = (marcada: boolean, etiqueta: string) => [
  new CheckBox({ checked: marcada, alias: etiqueta }),
  texto(` ${etiqueta}`),
];

function seccion(titulo: string): Paragraph {
  return new Paragraph({
    spacing: { before: 220, after: 100 },
    border: { bottom: { style: BorderStyle.SINGLE, size: 8, color: AZUL, space: 2 } },
    children: [texto(titulo, { bold: true, size: 22, color: AZUL })],
  });
}

function celda(children: Paragraph[], ancho: number, extra: { sombra?: boolean; alto?: boolean } = {}): TableCell {
  return new TableCell({
    children,
    width: { size: ancho, type: WidthType.DXA },
    borders: bordes,
    margins: { top: 80, bottom: 80, left: 120, right: 120 },
    verticalAlign: extra.alto ? VerticalAlignTable.BOTTOM : VerticalAlignTable.CENTER,
    shading: extra.sombra ? { type: ShadingType.CLEAR, color: "auto", fill: GRIS } : undefined,
  });
}

function tabla(filas: TableRow[], columnas: number[]): Table {
  return new Table({
    rows: filas,
    width: { size: ANCHO, type: WidthType.DXA },
    columnWidths: columnas,
    layout: TableLayoutType.FIXED,
  });
}

const fecha = (iso: string | null) => (iso ? iso.split("-").reverse().join("/") : "____/____/________");
const monto = (n: number | null) =>
  n === null
    ? "US$ ______________"
    : `US$ ${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function datosFuncionario(d: DatosTarjeta | null): Table {
  const fila = (etiqueta: string, valor: string | (TextRun | CheckBox)[]) =>
    new TableRow({
      children: [
        celda([new Paragraph({ children: [texto(etiqueta, { bold: true })] })], 3000, { sombra: true }),
        celda([new Paragraph({ children: typeof valor === "string" ? [texto(valor)] : valor })], ANCHO - 3000),
      ],
    });
  return tabla(
    [
      fila("Institución", d?.institucion ?? ""),
      fila("Nombres y apellidos", d ? `${d.nombres} ${d.apellidos}` : ""),
      fila("Cédula de identidad", d?.cedula ?? ""),
      fila("Cargo", d?.cargo ?? ""),
      fila("Clasificación de la firma", [
        ...caja(d !== null && !d.firmaDigital, "Ológrafa"),
        texto("      "),
        ...caja(d?.firmaDigital ?? false, "Digital"),
      ]),
    ],
    [3000, ANCHO - 3000],
  );
}

function firmasAutorizadas(tipos: TipoFirma[], d: DatosTarjeta | null): Table {
  return tabla(
    tipos.map(
      (t) =>
        new TableRow({
          children: [
            celda([new Paragraph({ children: [texto(t.nombre, { bold: true })] })], 3000, { sombra: true }),
            celda(
              [
                new Paragraph({
                  children: t.firmas.flatMap((f, i) => [
                    ...(i > 0 ? [texto("      ")] : []),
                    ...caja(d?.firmas.has(f.idFirma) ?? false, f.firma1),
                  ]),
                }),
              ],
              ANCHO - 3000,
            ),
          ],
        }),
    ),
    [3000, ANCHO - 3000],
  );
}

function vigenciaYRango(d: DatosTarjeta | null): Table {
  const temporal = d?.firmaVigencia ?? false;
  const limitado = d?.firmaRango ?? false;
  const mitad = ANCHO / 2;
  const bloque = (titulo: string, opciones: (TextRun | CheckBox)[], desde: string, hasta: string) =>
    celda(
      [
        new Paragraph({ children: [texto(titulo, { bold: true, color: AZUL })], spacing: { after: 80 } }),
        new Paragraph({ children: opciones, spacing: { after: 80 } }),
        new Paragraph({ children: [texto("Desde: ", { bold: true }), texto(desde)], spacing: { after: 40 } }),
        new Paragraph({ children: [texto("Hasta: ", { bold: true }), texto(hasta)] }),
      ],
      mitad,
    );
  return tabla(
    [
      new TableRow({
        children: [
          bloque(
            "Vigencia",
            [...caja(d !== null && !temporal, "Permanente"), texto("      "), ...caja(temporal, "Temporal")],
            temporal ? fecha(d!.fechaDesde) : fecha(null),
            temporal ? fecha(d!.fechaHasta) : fecha(null),
          ),
          bloque(
            "Rango de montos",
            [...caja(d !== null && !limitado, "Ilimitado"), texto("      "), ...caja(limitado, "Limitado")],
            limitado ? monto(d!.montoDesde) : monto(null),
            limitado ? monto(d!.montoHasta) : monto(null),
          ),
        ],
      }),
    ],
    [mitad, mitad],
  );
}

/** Empty boxes tall enough to sign in, captioned at the bottom. */
function recuadros(etiquetas: string[], alto: number): Table {
  const ancho = Math.floor(ANCHO / etiquetas.length);
  return tabla(
    [
      new TableRow({
        height: { value: alto, rule: HeightRule.EXACT },
        cantSplit: true,
        children: etiquetas.map((e) =>
          celda(
            [new Paragraph({ alignment: AlignmentType.CENTER, children: [texto(e, { size: 16, color: "475569" })] })],
            ancho,
            { alto: true },
          ),
        ),
      }),
    ],
    etiquetas.map(() => ancho),
  );
}

function linea(etiqueta: string, valor: string | undefined): Paragraph {
  return new Paragraph({
    spacing: { before: 60, after: 60 },
    children: [texto(`${etiqueta}: `, { bold: true }), texto(valor || BLANCO)],
  });
}

export async function generarTarjeta(tipos: TipoFirma[], d: DatosTarjeta | null): Promise<Buffer> {
  const doc = new Document({
    title: "Tarjeta de Firmas",
    subject: "Registro de Firmas",
    creator: "Contraloría General de la República",
    description: "Tarjeta con los especímenes de firma del funcionario",
    styles: { default: { document: { run: { font: FUENTE, size: 20 } } } },
    sections: [
      {
        properties: {
          page: {
            size: { width: 12240, height: 15840 },
            margin: { top: 900, bottom: 900, left: 1080, right: 1080 },
          },
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  texto("Registro de Firmas · Contraloría General de la República", { size: 16, color: "475569" }),
                ],
              }),
            ],
          }),
        },
        children: [
          new Paragraph({
            alignment: AlignmentType.CENTER,
            children: [texto("CONTRALORÍA GENERAL DE LA REPÚBLICA", { bold: true, size: 24, color: AZUL })],
          }),
          new Paragraph({
            alignment: AlignmentType.CENTER,
            children: [texto("Departamento de Registro y Control de Cuentas (RyCC)", { size: 20 })],
          }),
          new Paragraph({
            alignment: AlignmentType.CENTER,
            spacing: { before: 160, after: 120 },
            children: [texto("Tarjeta de Registro de Firmas", { bold: true, size: 32 })],
          }),
          seccion("1. Datos del funcionario"),
          datosFuncionario(d),
          seccion("2. Firmas autorizadas"),
          firmasAutorizadas(tipos, d),
          seccion("3. Vigencia y rango"),
          vigenciaYRango(d),
          seccion("4. Especímenes de firma"),
          new Paragraph({
            spacing: { after: 80 },
            children: [
              texto("Firme con tinta azul dentro de cada recuadro, sin tocar los bordes.", {
                italics: true,
                size: 18,
              }),
            ],
          }),
          recuadros(["Firma 1", "Firma 2", "Firma 3"], 1500),
          seccion("5. Máxima autoridad de la institución"),
          recuadros(["Firma de la máxima autoridad", "Sello de la institución"], 1600),
          linea("Nombre", d?.autoridad.nombre),
          linea("Cargo", d?.autoridad.cargo),
          linea("Fecha", undefined),
          new Paragraph({
            spacing: { before: 160 },
            children: [
              texto(
                "Esta tarjeta se adjunta a la solicitud en el sistema Registro de Firmas como documento «Tarjeta de Firmas». " +
                  "Las firmas registradas solo son válidas para los tipos, la vigencia y el rango marcados.",
                { size: 16, color: "475569" },
              ),
            ],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
