-- Two words, the second also naming statuses: the pairs table, then each status without the second word
-- paso: total

select
  (
    select
      count(*)::int
    from
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
              and (
                p.estatus in ($3, $4)
                and (
                  p.estatus in ($5)
                  or (
                    p.estatus in ($6)
                    and p.asignado
                  )
                  or strpos(p.palabras, $7) > 0
                  or exists (
                    select
                      1
                    from
                      funcionarios_palabras fw
                    where
                      fw.id_solicitud = p.id_solicitud
                      and fw.palabra >= $8
                      and fw.palabra < $9
                  )
                )
              )
            )
          )
        limit
          10001
      ) c
  ) + (
    select
      count(*)::int
    from
      (
        select
          fp.id_solicitud as id,
          fp.fecha_solicitud as fecha
        from
          funcionarios_palabras fp
        where
          (
            fp.palabra >= $10
            and fp.palabra < $11
            and not (strpos(fp.incumbente, $12) > 0)
            and (
              fp.estatus in ($13, $14)
              and (
                fp.estatus in ($15)
                or (
                  fp.estatus in ($16)
                  and fp.asignado
                )
                or strpos(fp.incumbente, $17) > 0
                or exists (
                  select
                    1
                  from
                    funcionarios_palabras fw
                  where
                    fw.id_solicitud = fp.id_solicitud
                    and fw.palabra >= $18
                    and fw.palabra < $19
                )
              )
            )
            and (
              fp.anterior is null
              or fp.anterior < $20
            )
          )
        limit
          10001
      ) c
  ) as n;
-- params: ["nunez","nunez",101,204,106,101," activa","activa","activb","nunez","nune{"," nunez",101,204,106,101," activa","activa","activb","nunez"]
