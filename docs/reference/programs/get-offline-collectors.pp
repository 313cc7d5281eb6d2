# The Installed Collectors not seen alive for more than 30 days.
offlineCollectors = invoke("collectors:index:getOfflineCollectors", {
  aliveBeforeDays = 30
})

output firstOffline {
  value = offlineCollectors.collectors[0].name
}
