/** GET api/SolicitudFirma/GetTarjeta: the signature-card template (.docx). */
import { descargarArchivo } from "../../../lib/api-client";

export const descargarTarjeta = () => descargarArchivo("api/SolicitudFirma/GetTarjeta", "Tarjeta de Firmas.docx");
