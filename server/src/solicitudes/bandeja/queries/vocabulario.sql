-- A search's guide word: its vocabulary words, skipping along the words table's index
-- paso: guia

with recursive
  v (p) as (
    select
      (
        select
          min(palabra)
        from
          solicitudes_palabras
        where
          palabra >= $1
          and palabra < $2
      )
    union all
    select
      (
        select
          min(palabra)
        from
          solicitudes_palabras
        where
          palabra > v.p
          and palabra < $3
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
limit
  $4;
-- params: ["nunez","nune{","nune{",33]
