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
                      funcionarios fb
                    where
                      fb.id_solicitud = p.id_solicitud
                      and fb.busqueda @@ to_tsquery('simple'::regconfig, $8)
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
            fp.palabra >= $9
            and fp.palabra < $10
            and not (strpos(fp.incumbente, $11) > 0)
            and (
              fp.estatus in ($12, $13)
              and (
                fp.estatus in ($14)
                or (
                  fp.estatus in ($15)
                  and fp.asignado
                )
                or strpos(fp.incumbente, $16) > 0
                or exists (
                  select
                    1
                  from
                    funcionarios fb
                  where
                    fb.id_solicitud = fp.id_solicitud
                    and fb.busqueda @@ to_tsquery('simple'::regconfig, $17)
                )
              )
            )
            and (
              fp.anterior is null
              or fp.anterior < $18
            )
          )
        limit
          10001
      ) c
  ) as n;
-- params: ["nunez","nunez",101,204,106,101," activa","activa:*","nunez","nune{"," nunez",101,204,106,101," activa","activa:*","nunez"]
