-- A searched page in date order: first the capped total, an index-only scan of the word's rows
-- paso: total

select
  count(*)::int as n
from
  (
    (
      select
        p.id_solicitud as id,
        p.fecha_solicitud as fecha
      from
        solicitudes_palabras p
      where
        (
          p.palabra in ($1)
          and (
            (
              p.anterior is null
              or p.anterior < $2
            )
            and p.estatus in ($3, $4)
          )
        )
    )
    union all
    (
      select
        fp.id_solicitud as id,
        fp.fecha_solicitud as fecha
      from
        funcionarios_palabras fp
      where
        (
          fp.palabra >= $5
          and fp.palabra < $6
          and not (strpos(fp.incumbente, $7) > 0)
          and fp.estatus in ($8, $9)
          and (
            fp.anterior is null
            or fp.anterior < $10
          )
        )
    )
    limit
      10001
  ) c;
-- params: ["nunez","nunez",101,204,"nunez","nune{"," nunez",101,204,"nunez"]
