# The Installed Collectors that could move to the latest build now (alive, on another build, no
# upgrade task running).
upgradable = invoke("collectors:index:getUpgradableCollectors", {})

output firstUpgradable {
  value = upgradable.collectors[0].name
}
