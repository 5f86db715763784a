-- Two words in one institution, the second also naming statuses: the requests without it whose official holds it read from the officials' words
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
          and (
            q.estatus in (
              $6,
              $7,
              $8,
              $9,
              $10,
              $11,
              $12,
              $13,
              $14,
              $15,
              $16,
              $17
            )
            and q.id_institucion = $18
          )
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
          p.palabra in ($19)
          and (
            p.anterior is null
            or p.anterior < $20
          )
          and (
            p.estatus in ($21)
            and p.id_institucion = $22
          )
          and not strpos(p.palabras, $23) > 0
          and p.estatus in ($24)
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
          p.palabra in ($25)
          and (
            p.anterior is null
            or p.anterior < $26
          )
          and (
            p.estatus in ($27)
            and p.id_institucion = $28
          )
          and not strpos(p.palabras, $29) > 0
          and (
            p.estatus in ($30)
            and p.asignado
          )
          and not p.estatus in ($31)
        )
    )
    union all
    (
      select distinct
        fp.id_solicitud as id,
        fp.fecha_solicitud as fecha
      from
        funcionarios_palabras fp
      where
        (
          fp.palabra = any (
            array(
              with recursive
                v (p) as (
                  select
                    (
                      select
                        min(palabra)
                      from
                        funcionarios_palabras
                      where
                        palabra >= $32
                        and palabra < $33
                    )
                  union all
                  select
                    (
                      select
                        min(palabra)
                      from
                        funcionarios_palabras
                      where
                        palabra > v.p
                        and palabra < $34
                    )
                  from
                    v
                  where
                    v.p is not null
                )
              select
                p
              from
                v
              where
                p is not null
            )
          )
          and strpos(fp.incumbente, $35) > 0
          and not strpos(fp.incumbente, $36) > 0
          and (
            fp.estatus in (
              $37,
              $38,
              $39,
              $40,
              $41,
              $42,
              $43,
              $44,
              $45,
              $46,
              $47,
              $48
            )
            and fp.id_institucion = $49
          )
          and not fp.estatus in ($50)
          and not (
            fp.estatus in ($51)
            and fp.asignado
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
          fp.palabra >= $52
          and fp.palabra < $53
          and not (strpos(fp.incumbente, $54) > 0)
          and (
            fp.estatus in (
              $55,
              $56,
              $57,
              $58,
              $59,
              $60,
              $61,
              $62,
              $63,
              $64,
              $65,
              $66
            )
            and fp.id_institucion = $67
            and (
              fp.estatus in ($68)
              or (
                fp.estatus in ($69)
                and fp.asignado
              )
              or strpos(fp.incumbente, $70) > 0
              or exists (
                select
                  1
                from
                  funcionarios_palabras fw
                where
                  fw.id_solicitud = fp.id_solicitud
                  and fw.palabra >= $71
                  and fw.palabra < $72
                offset
                  0
              )
            )
          )
          and (
            fp.anterior is null
            or fp.anterior < $73
          )
        )
    )
    limit
      10001
  ) c;
-- params: ["activa","activo","nunez","activa","nunez",101,102,103,104,105,106,108,109,201,202,203,204,7,"nunez","nunez",106,7," activa",106,"nunez","nunez",101,7," activa",101,106,"activa","activb","activb"," nunez"," activa",101,102,103,104,105,106,108,109,201,202,203,204,7,106,101,"nunez","nune{"," nunez",101,102,103,104,105,106,108,109,201,202,203,204,7,106,101," activa","activa","activb","nunez"]
