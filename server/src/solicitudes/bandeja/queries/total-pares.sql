-- Two words, the second also naming statuses: the pairs table, then each status without the second word
-- paso: total

select
  count(*)::int as n
from
  (
    (
      select
        q.id_solicitud as id,
        q.fecha_solicitud as fecha
      from
        solicitudes_pares q
      where
        (
          q.palabra1 in ($1, $2)
          and q.palabra2 in ($3)
          and (
            q.anterior1 is null
            or q.anterior1 < $4
          )
          and (
            q.anterior2 is null
            or q.anterior2 < $5
          )
          and q.estatus in ($6, $7)
        )
    )
    union all
    (
      select
        p.id_solicitud as id,
        p.fecha_solicitud as fecha
      from
        solicitudes_palabras p
      where
        (
          p.palabra in ($8)
          and (
            p.anterior is null
            or p.anterior < $9
          )
          and false
          and not strpos(p.palabras, $10) > 0
          and p.estatus in ($11)
        )
    )
    union all
    (
      select
        p.id_solicitud as id,
        p.fecha_solicitud as fecha
      from
        solicitudes_palabras p
      where
        (
          p.palabra in ($12)
          and (
            p.anterior is null
            or p.anterior < $13
          )
          and p.estatus in ($14)
          and not strpos(p.palabras, $15) > 0
          and (
            p.estatus in ($16)
            and p.asignado
          )
          and not p.estatus in ($17)
        )
    )
    union all
    (
      select
        p.id_solicitud as id,
        p.fecha_solicitud as fecha
      from
        solicitudes_palabras p
      where
        (
          p.palabra in ($18)
          and (
            p.anterior is null
            or p.anterior < $19
          )
          and p.estatus in ($20, $21)
          and not strpos(p.palabras, $22) > 0
          and not p.estatus in ($23)
          and not (
            p.estatus in ($24)
            and p.asignado
          )
          and exists (
            select
              1
            from
              funcionarios_palabras fw
            where
              fw.id_solicitud = p.id_solicitud
              and fw.palabra >= $25
              and fw.palabra < $26
            offset
              0
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
          fp.palabra >= $27
          and fp.palabra < $28
          and not (strpos(fp.incumbente, $29) > 0)
          and (
            fp.estatus in ($30, $31)
            and (
              fp.estatus in ($32)
              or (
                fp.estatus in ($33)
                and fp.asignado
              )
              or strpos(fp.incumbente, $34) > 0
              or exists (
                select
                  1
                from
                  funcionarios_palabras fw
                where
                  fw.id_solicitud = fp.id_solicitud
                  and fw.palabra >= $35
                  and fw.palabra < $36
                offset
                  0
              )
            )
          )
          and (
            fp.anterior is null
            or fp.anterior < $37
          )
        )
    )
    limit
      10001
  ) c;
-- params: ["activa","activo","nunez","activa","nunez",101,204,"nunez","nunez"," activa",106,"nunez","nunez",101," activa",101,106,"nunez","nunez",101,204," activa",106,101,"activa","activb","nunez","nune{"," nunez",101,204,106,101," activa","activa","activb","nunez"]
