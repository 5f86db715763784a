/**
 * "Mi cuenta": which e-mails the user receives — one per notice, one daily summary, or none. The
 * notices in the app (the bell) arrive whatever is chosen here.
 */
import { PREFERENCIAS_CORREO, type PreferenciaCorreo, TEXTO_PREFERENCIA } from "@registro/contracts";
import { RadioButton } from "primereact/radiobutton";
import { notify } from "../../lib/toast";
import { useGuardarPreferencias, usePreferencias } from "./api/preferencias";
import "./avisos.css";

export function PreferenciasCorreo({ visible }: { visible: boolean }) {
  const { data } = usePreferencias(visible);
  const guardar = useGuardarPreferencias();
  if (!data) return null;
  const elegir = (correo: PreferenciaCorreo) =>
    guardar.mutate(
      { Correo: correo },
      {
        onSuccess: (r) => (r.success ? notify.success(r.message) : notify.warn(r.message)),
      },
    );
  return (
    <fieldset className="rf-preferencias">
      <legend>Correos de avisos</legend>
      {PREFERENCIAS_CORREO.map((p) => (
        <div key={p} className="rf-preferencias-opcion">
          <RadioButton
            inputId={`rf-pref-${p}`}
            name="preferencia-correo"
            value={p}
            checked={data.correo === p}
            disabled={guardar.isPending}
            onChange={() => elegir(p)}
          />
          <label htmlFor={`rf-pref-${p}`}>{TEXTO_PREFERENCIA[p]}</label>
        </div>
      ))}
      <p className="rf-preferencias-nota">
        Se envían a {data.email}. Los avisos de la campana llegan siempre, elija lo que elija.
      </p>
    </fieldset>
  );
}
