-- A searched page in date order: first the capped total, an index-only scan of the word's rows
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
              and p.estatus in ($3, $4)
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
                          palabra >= $5
                          and palabra < $6
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
                          and palabra < $7
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
            and not (strpos(fp.incumbente, $8) > 0)
            and fp.estatus in ($9, $10)
            and (
              fp.anterior is null
              or fp.anterior < $11
            )
          )
        limit
          10001
      ) c
  ) as n;
-- params: ["nunez","nunez",101,204,"nunez","nune{","nune{"," nunez",101,204,"nunez"]
