# The account's Installed Collectors (every page of them).
installedCollectors = invoke("collectors:index:getCollectors", {
  filter = "installed"
})

output firstInstalledCollector {
  value = installedCollectors.collectors[0].name
}
