/** One upload of "Autoridades de confianza": a CA certificate or a CRL, its refusal under the field. */
import { Button } from "primereact/button";
import { useState } from "react";
import { ErrorCampo } from "../../../components/formulario/campos";
import { SelectorArchivo } from "../../../components/formulario/SelectorArchivo";
import { notify } from "../../../lib/toast";
import { useSubirAutoridad } from "../api/subir-autoridad";

export function SubirAutoridad({ tipo, etiqueta, boton }: { tipo: "Ancla" | "Crl"; etiqueta: string; boton: string }) {
  const id = `rfa-subir-${tipo}`;
  const [archivo, setArchivo] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const subir = useSubirAutoridad();
  const enviar = (ev: React.FormEvent) => {
    ev.preventDefault();
    if (!archivo) return setError("Seleccione un archivo.");
    subir.mutate(
      { tipo, archivo },
      {
        onSuccess: (r) => {
          if (r.success) {
            notify.success(r.message);
            setArchivo(null);
            setError(undefined);
          } else setError(r.errors?.Archivo?.[0] ?? r.message);
        },
      },
    );
  };
  return (
    <form className="rfa-subir" onSubmit={enviar} noValidate>
      <label htmlFor={id} className="rfa-subir-etiqueta">
        {etiqueta}
      </label>
      <SelectorArchivo
        id={id}
        accept=".pem,.crt,.cer,.der,.crl"
        archivo={archivo}
        invalido={!!error}
        describedBy={error ? `${id}-error` : undefined}
        onChange={(a) => {
          setArchivo(a);
          setError(undefined);
        }}
      />
      <ErrorCampo id={id} mensaje={error} />
      <Button type="submit" label={boton} icon="pi pi-upload" loading={subir.isPending} />
    </form>
  );
}
