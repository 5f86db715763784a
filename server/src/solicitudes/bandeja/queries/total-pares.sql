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
                          palabra >= $9
                          and palabra < $10
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
                          and palabra < $11
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
                    funcionarios fb
                  where
                    fb.id_solicitud = fp.id_solicitud
                    and fb.busqueda @@ to_tsquery('simple'::regconfig, $18)
                )
              )
            )
            and (
              fp.anterior is null
              or fp.anterior < $19
            )
          )
        limit
          10001
      ) c
  ) as n;
-- params: ["nunez","nunez",101,204,106,101," activa","activa:*","nunez","nune{","nune{"," nunez",101,204,106,101," activa","activa:*","nunez"]
