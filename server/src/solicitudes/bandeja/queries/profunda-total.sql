-- A deep page: the exact total first, from the counters
-- paso: total

select
  (
    select
      coalesce(sum("solicitudes_totales"."n"), 0)::bigint
    from
      "solicitudes_totales"
    where
      "solicitudes_totales"."estatus" in ($1, $2)
  ) as n;
-- params: [101,204]
