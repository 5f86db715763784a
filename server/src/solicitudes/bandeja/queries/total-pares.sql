-- Two words, the second also naming statuses: the pairs table, then each status without the second word
-- paso: total

select
  (
    select
      count(*)::int
    from
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
        limit
          10001
      ) c
  ) + (
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
            p.palabra in ($8)
            and (
              p.anterior is null
              or p.anterior < $9
            )
            and false
            and not strpos(p.palabras, $10) > 0
            and p.estatus in ($11)
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
        limit
          10001
      ) c
  ) as n;
-- params: ["activa","activo","nunez","activa","nunez",101,204,"nunez","nunez"," activa",106,"nunez","nunez",101," activa",101,106]
