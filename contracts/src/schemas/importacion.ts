/**
 * Importing the registry a comptroller body already keeps ("Importar registro" and `npm run
 * importar`): the file's columns, the report's shape and the Spanish texts of every refusal.
 * The columns are those of the registry's export (api/Exportar/Registro), so an export imports back.
 *
 * Longer than 300 lines: the file's column table, its limits, the refusals' texts (MSG_IMPORTACION) and
 * the run's and report's shapes form one contract of the import, which server and web read together.
 */
import { z } from "zod";
import { MSG } from "../mensajes.js";
import { zBool, zId } from "../validacion.js";

/** One column of the import file. `clave` names it in code; `titulo` is its header in the file. */
export interface ColumnaImportacion {
  clave: ClaveColumna;
  titulo: string;
  requerida: boolean;
  /** What the manual and the template say about it. */
  ayuda: string;
  /** The template's example value. */
  ejemplo: string;
}

export type ClaveColumna =
  | "institucion"
  | "tipo"
  | "cedula"
  | "nombres"
  | "apellidos"
  | "cargo"
  | "telefono"
  | "firmas"
  | "montoDesde"
  | "montoHasta"
  | "vigenciaDesde"
  | "vigenciaHasta"
  | "estatus"
  | "fechaRegistro"
  | "fechaBaja"
  | "motivoBaja"
  | "causaBaja"
  | "periodos";

export const COLUMNAS_IMPORTACION: readonly ColumnaImportacion[] = [
  {
    clave: "institucion",
    titulo: "Institución",
    requerida: true,
    ayuda: "Nombre de la institución como la lista Instituciones, o su código.",
    ejemplo: "Ministerio de Hacienda",
  },
  {
    clave: "tipo",
    titulo: "Tipo",
    requerida: false,
    ayuda: "Incumbente o Funcionario (vacío: Funcionario). Cada institución nueva necesita la fila de su incumbente.",
    ejemplo: "Funcionario",
  },
  {
    clave: "cedula",
    titulo: "Cédula",
    requerida: true,
    ayuda: "000-0000000-0, con su dígito verificador.",
    ejemplo: "001-0000001-7",
  },
  { clave: "nombres", titulo: "Nombres", requerida: true, ayuda: "Hasta 100 caracteres.", ejemplo: "María" },
  { clave: "apellidos", titulo: "Apellidos", requerida: true, ayuda: "Hasta 100 caracteres.", ejemplo: "Pérez Gómez" },
  {
    clave: "cargo",
    titulo: "Cargo",
    requerida: true,
    ayuda: "Nombre del cargo como la lista Cargos; de tipo Incumbente para el incumbente.",
    ejemplo: "Director Financiero",
  },
  {
    clave: "telefono",
    titulo: "Teléfono",
    requerida: false,
    ayuda: "(000) 000-0000, o vacío.",
    ejemplo: "(809) 555-0101",
  },
  {
    clave: "firmas",
    titulo: "Firmas",
    requerida: false,
    ayuda: "Tipos de firma del catálogo separados por «;». Obligatorio para los funcionarios.",
    ejemplo: "Cheques; Transferencias",
  },
  {
    clave: "montoDesde",
    titulo: "Monto desde",
    requerida: false,
    ayuda: "Monto mínimo (1,000.00 o 1000.00); vacío o «Sin límite» si la firma no tiene rango.",
    ejemplo: "0.00",
  },
  {
    clave: "montoHasta",
    titulo: "Monto hasta",
    requerida: false,
    ayuda: "Monto máximo; obligatorio si hay monto desde.",
    ejemplo: "500000.00",
  },
  {
    clave: "vigenciaDesde",
    titulo: "Vigencia desde",
    requerida: false,
    ayuda: "dd/mm/aaaa; vacío o «Permanente» si la firma es permanente.",
    ejemplo: "01/01/2025",
  },
  {
    clave: "vigenciaHasta",
    titulo: "Vigencia hasta",
    requerida: false,
    ayuda: "dd/mm/aaaa; obligatoria si hay vigencia desde.",
    ejemplo: "31/12/2026",
  },
  {
    clave: "estatus",
    titulo: "Estatus",
    requerida: false,
    ayuda: "Activo o Inactivo (vacío: Activo).",
    ejemplo: "Activo",
  },
  {
    clave: "fechaRegistro",
    titulo: "Fecha de registro",
    requerida: true,
    ayuda: "dd/mm/aaaa: desde ese día la firma consta como autorizada.",
    ejemplo: "15/03/2024",
  },
  {
    clave: "fechaBaja",
    titulo: "Fecha de baja",
    requerida: false,
    ayuda: "dd/mm/aaaa, obligatoria para los inactivos: desde ese día la firma ya no está autorizada.",
    ejemplo: "",
  },
  {
    clave: "motivoBaja",
    titulo: "Motivo de baja",
    requerida: false,
    ayuda: "Obligatorio para los inactivos (hasta 2000 caracteres).",
    ejemplo: "",
  },
  {
    clave: "causaBaja",
    titulo: "Causa de baja",
    requerida: false,
    ayuda: "Solicitud inactivada o Funcionario inactivado (vacío: Funcionario inactivado); solo para los inactivos.",
    ejemplo: "",
  },
  {
    clave: "periodos",
    titulo: "Períodos de autorización",
    requerida: false,
    ayuda:
      "Cuando la firma se inactivó y se reactivó: cada período «dd/mm/aaaa - dd/mm/aaaa (causa)» separado por «;», en orden, y el último abierto «dd/mm/aaaa -» si está activo. Vacío: un período desde la fecha de registro hasta la de baja.",
    ejemplo: "",
  },
];

/** Columns of the registry's export that the import reads past (computed, not data). */
export const COLUMNAS_IGNORADAS = ["Incumbente", "Estado de la firma"] as const;

/** Most rows one file may hold. */
export const MAX_FILAS_IMPORTACION = 200_000;

/** Longest text of one cell: Excel's own limit. */
export const MAX_CARACTERES_CELDA = 32_767;

/**
 * Longest record of a CSV, in characters: a quote left open stops here instead of reading the rest
 * of the file as one cell.
 */
export const MAX_CARACTERES_REGISTRO_CSV = 100_000;

export const TIPO_IMPORTACION = { incumbente: "Incumbente", funcionario: "Funcionario" } as const;

/** What a run decided for one row. */
export const RESULTADOS_FILA = ["crear", "actualizar", "sinCambios", "rechazada"] as const;
export type ResultadoFila = (typeof RESULTADOS_FILA)[number];

export const NOMBRE_RESULTADO: Record<ResultadoFila, string> = {
  crear: "Se crea",
  actualizar: "Se actualiza",
  sinCambios: "Sin cambios",
  rechazada: "Rechazada",
};

/** The Spanish texts of the import (refusals of files and rows, history entries). */
export const MSG_IMPORTACION = {
  historialImportado: "Importado del registro anterior",
  historialActualizado: (cedula: string, campos: string) =>
    `Actualizado desde el registro anterior: ${cedula} (${campos})`,
  formatoNoAdmitido: "El archivo no es un CSV ni un libro de Excel (.xlsx).",
  excelAntiguo: "El archivo es de Excel 97-2003 (.xls): guárdelo como libro de Excel (.xlsx) y vuelva a subirlo.",
  codificacion: "El archivo no está en UTF-8: guárdelo como «CSV UTF-8 (delimitado por comas)» y vuelva a subirlo.",
  vacio: "El archivo está vacío: no tiene filas de datos.",
  sinEncabezado: "El archivo no tiene la fila de encabezados.",
  columnasFaltantes: (nombres: string[]) =>
    `Faltan columnas obligatorias: ${nombres.join(", ")}. Descargue la plantilla para ver el formato.`,
  columnaRepetida: (nombre: string) => `La columna «${nombre}» aparece más de una vez.`,
  formula: (celda: string) =>
    `La celda ${celda} contiene una fórmula; el archivo debe tener solo valores (copie y pegue como valores).`,
  demasiadasFilas: (max: string) => `El archivo tiene más de ${max} filas, el máximo de una importación.`,
  csvIlegible: (linea: number) =>
    `El CSV no se puede leer a partir de la línea ${linea} (comillas sin cerrar o columnas de más).`,
  csvLineaLarga: (linea: number, max: string) =>
    `El CSV no se puede leer a partir de la línea ${linea}: el registro pasa de ${max} caracteres (comillas sin cerrar o saltos de línea de más).`,
  excelIlegible: "El libro de Excel está dañado o no se puede leer.",
  excelExcesivo: "El libro de Excel se expande a un tamaño excesivo al descomprimirse y no se procesa.",
  excelPartes: (max: string) => `El libro de Excel tiene más de ${max} partes internas y no se procesa.`,
  excelTextos: (mb: string) =>
    `Los textos del libro de Excel pasan de ${mb} MB, el máximo de una importación: divida el archivo en varios.`,
  celdaLarga: (celda: string | null, max: string) =>
    `${celda === null ? "Una celda del libro de Excel" : `La celda ${celda}`} tiene más de ${max} caracteres, el máximo de una celda.`,
  filaExcesiva: (fila: number | null, celdas: string, mb: string) =>
    `${fila === null ? "Una fila de la hoja" : `La fila ${fila} de la hoja`} tiene más de ${celdas} celdas o pasa de ${mb} MB, y no se procesa.`,
  sinHoja: "El libro de Excel no tiene hojas.",
  requerido: MSG.requerido,
  institucionDesconocida: (v: string) => `La institución «${v}» no existe en la lista Instituciones.`,
  institucionInactiva: (v: string) => `La institución «${v}» está inactiva.`,
  cargoDesconocido: (v: string) => `El cargo «${v}» no existe en la lista Cargos.`,
  cargoTipo: (v: string, tipo: string) => `El cargo «${v}» no es de tipo ${tipo}.`,
  tipoInvalido: "Escriba Incumbente o Funcionario.",
  estatusInvalido: "Escriba Activo o Inactivo.",
  firmaDesconocida: (v: string) => `La firma «${v}» no existe en el catálogo de tipos de firma.`,
  firmasRequeridas: "Indique al menos un tipo de firma.",
  montoRequerido: "Indique los dos montos del rango, o ninguno.",
  vigenciaRequerida: "Indique las dos fechas de la vigencia, o ninguna.",
  registroFuturo: "La fecha de registro no puede ser posterior a hoy.",
  bajaSoloInactivo: "Solo un funcionario inactivo tiene fecha de baja.",
  bajaAntesRegistro: "La fecha de baja no puede ser anterior a la fecha de registro.",
  bajaFutura: "La fecha de baja no puede ser posterior a hoy.",
  causaInvalida: "Escriba Solicitud inactivada o Funcionario inactivado.",
  causaSoloInactivo: "Solo un funcionario inactivo tiene causa de baja.",
  periodosFormato:
    "Escriba cada período como dd/mm/aaaa - dd/mm/aaaa, separados por «;»; el último abierto como dd/mm/aaaa -.",
  periodosOrden: "Los períodos deben ir en orden y sin solaparse; solo el último puede seguir abierto.",
  periodosFuturos: "Los períodos no pueden empezar ni terminar después de hoy.",
  periodosRegistro: "El primer período debe empezar en la fecha de registro.",
  periodosEstatus:
    "El último período debe seguir abierto para un funcionario activo y terminar en la fecha de baja para uno inactivo.",
  duplicadaArchivo: (fila: number) => `Está repetida: la fila ${fila} ya tiene esta institución, cédula y tipo.`,
  dosIncumbentes: (fila: number) => `La institución ya tiene incumbente activo en la fila ${fila}.`,
  sinIncumbente: "La institución no tiene incumbente en el registro: agregue una fila de Tipo Incumbente para ella.",
  registradoEnSolicitud: (id: number) =>
    `Ya está registrado en la solicitud ${id} con otros datos; ese registro se cambia por el flujo de solicitudes.`,
  zipNoEsZip: "El archivo de documentos no es un ZIP.",
  zipIlegible: "El ZIP de documentos está dañado o no se puede leer.",
  zipBomba: "El ZIP de documentos se expande a un tamaño excesivo y no se procesa.",
  zipDemasiados: (max: string) => `El ZIP de documentos tiene más de ${max} archivos, el máximo de una importación.`,
  zipRuta: (nombre: string) => `El ZIP contiene un nombre de archivo no admitido: «${nombre}».`,
  zipCifrado: (nombre: string) => `El documento «${nombre}» está cifrado o comprimido de una forma que no se admite.`,
  documentoRepetido: (cedula: string, a: string, b: string) =>
    `El ZIP tiene dos documentos de la cédula ${cedula}: «${a}» y «${b}».`,
  documentoNombre: (nombre: string) =>
    `El nombre del documento «${nombre}» no es una cédula (por ejemplo, 001-1234567-8.pdf).`,
  documentoSinFuncionario: (nombre: string) =>
    `El documento «${nombre}» no corresponde a ningún funcionario del archivo.`,
  documentoOtraSolicitud: (nombre: string, id: number) =>
    `El documento «${nombre}» es de un funcionario registrado en la solicitud ${id}; su tarjeta se cambia por el flujo de solicitudes.`,
  documentoTipo: (nombre: string) => `El documento «${nombre}»: ${MSG.archivoTipo}`,
  documentoTamano: (nombre: string, max: number) => `El documento «${nombre}»: ${MSG.archivoTamano(max)}`,
  documentoTarjeta: (nombre: string) => `Tarjeta de Firmas: ${nombre}`,
  historialTarjeta: (cedula: string) => `Tarjeta de Firmas adjuntada desde el registro anterior: ${cedula}`,
  noEncontrada: "No se encontró la importación.",
  ejecucionEnCurso: "Ya hay una importación en curso; espere a que termine.",
  aplicacionGrande: (cambios: number, maximo: number) =>
    `El archivo crea o cambia ${cambios.toLocaleString("en-US")} filas y en este servidor se aplican a lo sumo ${maximo.toLocaleString("en-US")} de una vez, para que los demás usuarios no esperen: no se aplicó ningún cambio. Divídalo en archivos más pequeños y aplíquelos uno tras otro.`,
  interrumpida: "La importación se interrumpió (el servidor se detuvo) y no cambió el registro. Vuelva a iniciarla.",
  fallida: "La importación no pudo completarse y no cambió el registro.",
} as const;

/** One line of a run's report. */
export const zFilaInforme = z.object({
  fila: z.number().int(),
  resultado: z.enum(RESULTADOS_FILA),
  institucion: z.string(),
  cedula: z.string(),
  tipo: z.string(),
  /** The column the refusal is about ("" for the whole row). */
  columna: z.string(),
  mensaje: z.string(),
});
export type FilaInforme = z.infer<typeof zFilaInforme>;

export const zConteosImportacion = z.object({
  filas: z.number().int(),
  crear: z.number().int(),
  actualizar: z.number().int(),
  sinCambios: z.number().int(),
  rechazada: z.number().int(),
  documentos: z.number().int(),
});
export type ConteosImportacion = z.infer<typeof zConteosImportacion>;

export const ESTADOS_IMPORTACION = ["pendiente", "validando", "aplicando", "terminada", "fallida"] as const;
export type EstadoImportacion = (typeof ESTADOS_IMPORTACION)[number];

export const NOMBRE_ESTADO_IMPORTACION: Record<EstadoImportacion, string> = {
  pendiente: "En espera",
  validando: "Validando",
  aplicando: "Aplicando",
  terminada: "Terminada",
  fallida: "Fallida",
};

export const zImportacion = z.object({
  idImportacion: z.number().int(),
  archivo: z.string(),
  sha256: z.string(),
  aplicar: z.boolean(),
  crearCatalogos: z.boolean(),
  estado: z.enum(ESTADOS_IMPORTACION),
  /** Rows read so far, and of how many (null until the file was read once). */
  progreso: z.number().int(),
  total: z.number().int().nullable(),
  /** Whether the registry was changed (an apply that finished without refusals). */
  aplicada: z.boolean(),
  conteos: zConteosImportacion,
  /** The file's own refusal (format, columns, size), or why the run failed. */
  error: z.string().nullable(),
  usuario: z.string(),
  inicio: z.string(),
  fin: z.string().nullable(),
});
export type Importacion = z.infer<typeof zImportacion>;

/** Query of the report: all rows or only the refused ones, paged. */
export const zConsultaInforme = z.object({
  soloErrores: z.preprocess((v) => v === "true" || v === "1" || v === true, z.boolean()).default(false),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  rows: z.coerce.number().int().min(1).max(500).default(50),
});

export const zInformeImportacion = z.object({
  rows: z.array(zFilaInforme),
  totalRecords: z.number().int(),
});

/** Largest import file (and documents' ZIP) the screen takes. */
export const MAX_BYTES_IMPORTACION = 64 * 1024 * 1024;

/**
 * Limits of the documents' ZIP, counted on the bytes as they are inflated (never the headers'
 * sizes): files in it, bytes it expands to, and how much one file may expand per compressed byte
 * once it passes 1 MB (a ZIP bomb trips the last one in its first chunk).
 */
export const LIMITES_ZIP = {
  entradas: MAX_FILAS_IMPORTACION,
  bytes: 1024 * 1024 * 1024,
  razon: 100,
  razonDesde: 1024 * 1024,
} as const;

/**
 * Limits of an .xlsx workbook (a ZIP of XML parts), checked on its inflated bytes before it is
 * read: parts, bytes they expand to (together and one), expansion per compressed byte past 1 MB,
 * the shared strings' part (the reader holds it whole), and what one cell (a shared string or a
 * sheet's cell) and one row of the sheet may hold.
 */
export const LIMITES_XLSX = {
  entradas: 10_000,
  bytes: 1024 * 1024 * 1024,
  porEntrada: 512 * 1024 * 1024,
  razon: 250,
  razonDesde: 1024 * 1024,
  bytesTextos: 128 * 1024 * 1024,
  bytesCelda: 256 * 1024,
  bytesFila: 4 * 1024 * 1024,
  celdasFila: 16_384,
} as const;

/** The report's column of the documents' lines. */
export const COLUMNA_DOCUMENTOS = "Documentos";

/** POST api/Importacion (multipart): Archivo, optional Documentos (ZIP), and these fields. */
export const zFormImportacion = z.object({
  Aplicar: zBool.default(false),
  CrearCatalogos: zBool.default(false),
});

export const zParamsImportacion = z.object({ idImportacion: zId });
