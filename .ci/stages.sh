# Stage timing of .ci/run (sourced): `stage <id> <budget s> <label> <command…>` runs the command as
# one stage and records its wall time; the table of every stage is printed when the script exits,
# however it exits. A stage over its budget is flagged OVER (printed, never a failure); the run's
# total is held to CI_TOTAL_BUDGET (30 minutes on the 2-core CI machine). Stage ids listed in
# CI_SKIP are not run and show as skipped.

CI_TOTAL_BUDGET=${CI_TOTAL_BUDGET:-1800}
CI_STAGE_ROWS=()
CI_STARTED=$SECONDS

stage() {
  local id=$1 budget=$2 label=$3
  shift 3
  if [[ " ${CI_SKIP:-} " == *" $id "* ]]; then
    CI_STAGE_ROWS+=("$id|$budget|-|skipped|$label")
    return 0
  fi
  echo "== [$id] $label"
  local start=$SECONDS rc
  # in a subshell with errexit on: under `cmd || …` bash would ignore `set -e` inside the stage
  set +e
  (set -e; "$@")
  rc=$?
  set -e
  CI_STAGE_ROWS+=("$id|$budget|$((SECONDS - start))|$([[ $rc == 0 ]] && echo ok || echo "FAILED ($rc)")|$label")
  return "$rc"
}

print_stage_table() {
  local rc=$? row id budget took state label flag sum_budget=0
  echo
  echo "== CI stages (wall time against budget, seconds)"
  printf '%-11s %7s %7s  %-11s %s\n' stage took budget state what
  for row in "${CI_STAGE_ROWS[@]}"; do
    IFS='|' read -r id budget took state label <<<"$row"
    flag=''
    if [[ $took != - ]] && ((took > budget)); then flag="  OVER by $((took - budget)) s"; fi
    sum_budget=$((sum_budget + budget))
    printf '%-11s %7s %7s  %-11s %s%s\n' "$id" "$took" "$budget" "$state" "$label" "$flag"
  done
  local total=$((SECONDS - CI_STARTED))
  flag=''
  if ((total > CI_TOTAL_BUDGET)); then flag="  OVER by $((total - CI_TOTAL_BUDGET)) s"; fi
  printf '%-11s %7s %7s  %-11s %s%s\n' total "$total" "$CI_TOTAL_BUDGET" "$([[ $rc == 0 ]] && echo ok || echo "FAILED ($rc)")" "whole run (stage budgets sum to $sum_budget)" "$flag"
  return "$rc"
}
trap print_stage_table EXIT
