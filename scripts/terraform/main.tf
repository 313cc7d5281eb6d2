# One resource of every type of the collector family that SumoLogic/terraform-provider-sumologic
# has, applied against `collectors serve` by scripts/record-terraform-state.ts. Every key, secret
# and ARN below is a made-up test value: the recorded state holds in clear those the service does
# not mask on reads, as a user's state does.

terraform {
  required_version = ">= 1.7"
  required_providers {
    sumologic = {
      source = "SumoLogic/sumologic"
    }
  }
}

variable "base_url" {
  type        = string
  description = "The local service's API root, e.g. http://127.0.0.1:PORT/api/"
}
variable "access_id" {
  type = string
}
variable "access_key" {
  type      = string
  sensitive = true
}
variable "installed_collector_id" {
  type        = string
  description = "The Installed Collector the recorder registered through the control API."
}
variable "installed_collector_name" {
  type = string
}

provider "sumologic" {
  access_id  = var.access_id
  access_key = var.access_key
  base_url   = var.base_url
}

# --- Collectors -----------------------------------------------------------------------------

resource "sumologic_collector" "hosted" {
  name        = "tf-hosted"
  description = "Hosted Collector managed by Terraform"
  category    = "tf/hosted"
  timezone    = "Europe/Berlin"
  fields = {
    environment = "production"
  }
}

# Installed Collectors cannot be created, only imported: the recorder registers one first.
import {
  to = sumologic_installed_collector.host
  id = var.installed_collector_id
}

resource "sumologic_installed_collector" "host" {
  name        = var.installed_collector_name
  description = "Installed Collector adopted by Terraform"
  category    = "tf/installed"
  ephemeral   = false
  host_name   = var.installed_collector_name
}

# A for_each pair of collectors, each with a source of its own (also a for_each pair).
resource "sumologic_collector" "team" {
  for_each    = { alpha = "Team Alpha", beta = "Team Beta" }
  name        = "tf-team-${each.key}"
  description = each.value
  category    = "tf/team/${each.key}"
}

resource "sumologic_cloudsyslog_source" "team" {
  for_each     = sumologic_collector.team
  name         = "syslog-${each.key}"
  category     = "tf/team/${each.key}/syslog"
  collector_id = each.value.id
}

# --- HTTP family ----------------------------------------------------------------------------

resource "sumologic_http_source" "web" {
  name         = "web"
  description  = "Plain HTTP source"
  category     = "tf/http/web"
  collector_id = sumologic_collector.hosted.id
  filters {
    name        = "Exclude Debug"
    filter_type = "Exclude"
    regexp      = ".*DEBUG.*"
  }
}

# A count pair.
resource "sumologic_http_source" "shard" {
  count        = 2
  name         = "shard-${count.index}"
  category     = "tf/http/shard"
  collector_id = sumologic_collector.hosted.id
}

resource "sumologic_http_source" "traces" {
  name         = "traces"
  category     = "tf/http/traces"
  content_type = "Zipkin"
  collector_id = sumologic_collector.hosted.id
}

resource "sumologic_http_source" "otlp" {
  name         = "otlp"
  category     = "tf/http/otlp"
  content_type = "Otlp"
  collector_id = sumologic_collector.hosted.id
}

resource "sumologic_cloudsyslog_source" "syslog" {
  name         = "cloudsyslog"
  description  = "Cloud Syslog source"
  category     = "tf/cloudsyslog"
  collector_id = sumologic_collector.hosted.id
}

resource "sumologic_gcp_source" "gcp" {
  name         = "gcp"
  category     = "tf/gcp"
  collector_id = sumologic_collector.hosted.id
}

resource "sumologic_kinesis_log_source" "kinesis_log" {
  name         = "kinesis-log"
  category     = "tf/kinesis/log"
  content_type = "KinesisLog"
  collector_id = sumologic_collector.hosted.id
  authentication {
    type     = "AWSRoleBasedAuthentication"
    role_arn = "arn:aws:iam::000000000000:role/tf-fixture-kinesis"
  }
  path {
    type            = "KinesisLogPath"
    bucket_name     = "tf-fixture-bucket"
    path_expression = "http-endpoint-failed/*"
    scan_interval   = 30000
  }
}

resource "sumologic_kinesis_metrics_source" "kinesis_metrics" {
  name         = "kinesis-metrics"
  category     = "tf/kinesis/metrics"
  content_type = "KinesisMetric"
  collector_id = sumologic_collector.hosted.id
  authentication {
    type     = "AWSRoleBasedAuthentication"
    role_arn = "arn:aws:iam::000000000000:role/tf-fixture-kinesis"
  }
  path {
    type = "KinesisMetricPath"
    tag_filters {
      type      = "TagFilters"
      namespace = "All"
      tags      = ["k3=v3"]
    }
  }
}

resource "sumologic_rum_source" "rum" {
  name         = "rum"
  description  = "RUM source"
  category     = "tf/rum"
  collector_id = sumologic_collector.hosted.id
  path {
    application_name       = "tf-fixture-app"
    service_name           = "tf-fixture-service"
    deployment_environment = "test"
    sampling_rate          = 0.5
    ignore_urls            = ["/^https:\\/\\/www.tracker.example\\/.*/"]
    custom_tags            = { team = "web" }
    selected_country       = "Poland"
  }
}

resource "sumologic_o365_audit_source" "o365" {
  name         = "o365-exchange"
  category     = "tf/o365/exchange"
  collector_id = sumologic_collector.hosted.id
  third_party_ref {
    resources {
      service_type = "O365AuditNotification"
      path {
        type     = "O365NotificationPath"
        workload = "Audit.Exchange"
        region   = "Commercial"
      }
      authentication {
        type          = "O365AppRegistrationAuthentication"
        tenant_id     = "00000000-0000-0000-0000-000000000001"
        client_id     = "00000000-0000-0000-0000-000000000002"
        client_secret = "tf-fixture-o365-client-secret"
      }
    }
  }
}

# --- Polling family -------------------------------------------------------------------------

resource "sumologic_s3_source" "s3_keys" {
  name          = "s3-keys"
  description   = "S3 source, AWS key authentication"
  category      = "tf/s3/keys"
  content_type  = "AwsS3Bucket"
  scan_interval = 300000
  paused        = false
  collector_id  = sumologic_collector.hosted.id
  authentication {
    type       = "S3BucketAuthentication"
    access_key = "AKIATFFIXTURE0000001"
    secret_key = "tf-fixture-aws-secret-key-0000000000000001"
  }
  path {
    type            = "S3BucketPathExpression"
    bucket_name     = "tf-fixture-bucket"
    path_expression = "logs/*"
  }
  # The service shows this secret as "********" on every read, and the provider stores what it reads.
  lifecycle {
    ignore_changes = [authentication[0].secret_key]
  }
}

resource "sumologic_s3_source" "s3_role" {
  name          = "s3-role"
  description   = "S3 source, role authentication"
  category      = "tf/s3/role"
  content_type  = "AwsS3Bucket"
  scan_interval = 300000
  paused        = false
  collector_id  = sumologic_collector.hosted.id
  authentication {
    type     = "AWSRoleBasedAuthentication"
    role_arn = "arn:aws:iam::000000000000:role/tf-fixture-s3"
  }
  path {
    type            = "S3BucketPathExpression"
    bucket_name     = "tf-fixture-bucket"
    path_expression = "role/*"
  }
}

resource "sumologic_s3_audit_source" "s3_audit" {
  name          = "s3-audit"
  category      = "tf/s3/audit"
  content_type  = "AwsS3AuditBucket"
  scan_interval = 300000
  paused        = false
  collector_id  = sumologic_collector.hosted.id
  authentication {
    type     = "AWSRoleBasedAuthentication"
    role_arn = "arn:aws:iam::000000000000:role/tf-fixture-s3"
  }
  path {
    type            = "S3BucketPathExpression"
    bucket_name     = "tf-fixture-audit"
    path_expression = "*"
  }
}

resource "sumologic_s3_archive_source" "s3_archive" {
  name          = "s3-archive"
  category      = "tf/s3/archive"
  content_type  = "AwsS3ArchiveBucket"
  scan_interval = 300000
  paused        = false
  collector_id  = sumologic_collector.hosted.id
  authentication {
    type     = "AWSRoleBasedAuthentication"
    role_arn = "arn:aws:iam::000000000000:role/tf-fixture-s3"
  }
  path {
    type            = "S3BucketPathExpression"
    bucket_name     = "tf-fixture-archive"
    path_expression = "*"
  }
}

resource "sumologic_cloudtrail_source" "cloudtrail" {
  name          = "cloudtrail"
  category      = "tf/aws/cloudtrail"
  content_type  = "AwsCloudTrailBucket"
  scan_interval = 300000
  paused        = false
  collector_id  = sumologic_collector.hosted.id
  authentication {
    type     = "AWSRoleBasedAuthentication"
    role_arn = "arn:aws:iam::000000000000:role/tf-fixture-s3"
  }
  path {
    type            = "S3BucketPathExpression"
    bucket_name     = "tf-fixture-cloudtrail"
    path_expression = "AWSLogs/*"
  }
}

resource "sumologic_elb_source" "elb" {
  name          = "elb"
  category      = "tf/aws/elb"
  content_type  = "AwsElbBucket"
  scan_interval = 300000
  paused        = false
  collector_id  = sumologic_collector.hosted.id
  authentication {
    type     = "AWSRoleBasedAuthentication"
    role_arn = "arn:aws:iam::000000000000:role/tf-fixture-s3"
  }
  path {
    type            = "S3BucketPathExpression"
    bucket_name     = "tf-fixture-elb"
    path_expression = "*"
  }
}

resource "sumologic_cloudfront_source" "cloudfront" {
  name          = "cloudfront"
  category      = "tf/aws/cloudfront"
  content_type  = "AwsCloudFrontBucket"
  scan_interval = 300000
  paused        = false
  collector_id  = sumologic_collector.hosted.id
  authentication {
    type     = "AWSRoleBasedAuthentication"
    role_arn = "arn:aws:iam::000000000000:role/tf-fixture-s3"
  }
  path {
    type            = "S3BucketPathExpression"
    bucket_name     = "tf-fixture-cloudfront"
    path_expression = "*"
  }
}

resource "sumologic_cloudwatch_source" "cloudwatch" {
  name          = "cloudwatch"
  category      = "tf/aws/cloudwatch"
  content_type  = "AwsCloudWatch"
  scan_interval = 300000
  paused        = false
  collector_id  = sumologic_collector.hosted.id
  authentication {
    type     = "AWSRoleBasedAuthentication"
    role_arn = "arn:aws:iam::000000000000:role/tf-fixture-cloudwatch"
  }
  path {
    type                = "CloudWatchPath"
    limit_to_regions    = ["us-west-2"]
    limit_to_namespaces = ["AWS/Route53", "AWS/S3"]
    tag_filters {
      type      = "TagFilters"
      namespace = "AWS/S3"
      tags      = ["k2=v2"]
    }
  }
}

resource "sumologic_aws_inventory_source" "inventory" {
  name          = "aws-inventory"
  category      = "tf/aws/inventory"
  content_type  = "AwsInventory"
  scan_interval = 300000
  paused        = false
  collector_id  = sumologic_collector.hosted.id
  authentication {
    type     = "AWSRoleBasedAuthentication"
    role_arn = "arn:aws:iam::000000000000:role/tf-fixture-inventory"
  }
  path {
    type                = "AwsInventoryPath"
    limit_to_regions    = ["us-west-2"]
    limit_to_namespaces = ["AWS/RDS", "AWS/EC2"]
  }
}

resource "sumologic_aws_xray_source" "xray" {
  name          = "aws-xray"
  category      = "tf/aws/xray"
  content_type  = "AwsXRay"
  scan_interval = 300000
  paused        = false
  collector_id  = sumologic_collector.hosted.id
  authentication {
    type     = "AWSRoleBasedAuthentication"
    role_arn = "arn:aws:iam::000000000000:role/tf-fixture-xray"
  }
  path {
    type             = "AwsXRayPath"
    limit_to_regions = ["us-west-2"]
  }
}

resource "sumologic_metadata_source" "metadata" {
  name          = "aws-metadata"
  category      = "tf/aws/metadata"
  content_type  = "AwsMetadata"
  scan_interval = 300000
  paused        = false
  collector_id  = sumologic_collector.hosted.id
  authentication {
    type     = "AWSRoleBasedAuthentication"
    role_arn = "arn:aws:iam::000000000000:role/tf-fixture-metadata"
  }
  path {
    type                = "AwsMetadataPath"
    limit_to_regions    = ["us-west-2"]
    limit_to_namespaces = ["AWS/EC2"]
    tag_filters         = ["Deploy*", "Cluster"]
  }
}

# The deprecated generic Polling resource.
resource "sumologic_polling_source" "legacy" {
  name          = "polling-legacy"
  category      = "tf/polling"
  content_type  = "AwsS3Bucket"
  scan_interval = 300000
  paused        = false
  collector_id  = sumologic_collector.hosted.id
  authentication {
    type     = "AWSRoleBasedAuthentication"
    role_arn = "arn:aws:iam::000000000000:role/tf-fixture-s3"
  }
  path {
    type            = "S3BucketPathExpression"
    bucket_name     = "tf-fixture-legacy"
    path_expression = "*"
  }
}

resource "sumologic_gcp_metrics_source" "gcp_metrics" {
  name          = "gcp-metrics"
  category      = "tf/gcp/metrics"
  content_type  = "GcpMetrics"
  scan_interval = 300000
  paused        = false
  collector_id  = sumologic_collector.hosted.id
  authentication {
    type                        = "service_account"
    project_id                  = "tf-fixture-project"
    private_key_id              = "tf-fixture-private-key-id"
    private_key                 = "tf-fixture-private-key"
    client_email                = "tf-fixture@tf-fixture-project.iam.gserviceaccount.com"
    client_id                   = "000000000000000000001"
    auth_uri                    = "https://accounts.google.com/o/oauth2/auth"
    token_uri                   = "https://oauth2.googleapis.com/token"
    auth_provider_x509_cert_url = "https://www.googleapis.com/oauth2/v1/certs"
    client_x509_cert_url        = "https://www.googleapis.com/robot/v1/metadata/x509/tf-fixture"
  }
  path {
    type              = "GcpMetricsPath"
    limit_to_regions  = ["us-east1"]
    limit_to_services = ["Compute Engine"]
    custom_services {
      service_name = "mysql"
      prefixes     = ["cloudsql.googleapis.com/database/mysql/"]
    }
  }
  # As the provider's documentation does for private_key; the service masks private_key_id too.
  lifecycle {
    ignore_changes = [authentication[0].private_key, authentication[0].private_key_id]
  }
}

resource "sumologic_azure_event_hub_log_source" "event_hub" {
  name         = "azure-event-hub"
  category     = "tf/azure/eventhub"
  content_type = "AzureEventHubLog"
  collector_id = sumologic_collector.hosted.id
  authentication {
    type                      = "AzureEventHubAuthentication"
    shared_access_policy_name = "tf-fixture-policy"
    shared_access_policy_key  = "tf-fixture-shared-access-policy-key"
  }
  path {
    type           = "AzureEventHubPath"
    namespace      = "tf-fixture-namespace"
    event_hub_name = "tf-fixture-hub"
    consumer_group = "$Default"
    region         = "Commercial"
  }
  # The service shows this secret as "********" on every read, and the provider stores what it reads.
  lifecycle {
    ignore_changes = [authentication[0].shared_access_policy_key]
  }
}

resource "sumologic_azure_metrics_source" "azure_metrics" {
  name          = "azure-metrics"
  category      = "tf/azure/metrics"
  content_type  = "AzureMetrics"
  scan_interval = 300000
  collector_id  = sumologic_collector.hosted.id
  authentication {
    type          = "AzureClientSecretAuthentication"
    tenant_id     = "00000000-0000-0000-0000-000000000001"
    client_id     = "00000000-0000-0000-0000-000000000003"
    client_secret = "tf-fixture-azure-client-secret"
  }
  path {
    type                = "AzureMetricsPath"
    environment         = "Azure"
    limit_to_regions    = ["eastus2"]
    limit_to_namespaces = ["Microsoft.ClassicStorage/storageAccounts"]
    azure_tag_filters {
      type      = "AzureTagFilters"
      namespace = "Microsoft.ClassicStorage/storageAccounts"
      tags {
        name   = "team"
        values = ["web"]
      }
    }
  }
  # The service shows this secret as "********" on every read, and the provider stores what it reads.
  # client_id and path.environment: the provider never reads them back (it maps client_id from
  # the GCP field and has no environment in its path mapping), so every plan would set them again.
  lifecycle {
    ignore_changes = [authentication[0].client_secret, authentication[0].client_id, path[0].environment]
  }
}

resource "sumologic_cloud_to_cloud_source" "okta" {
  collector_id = sumologic_collector.hosted.id
  schema_ref = {
    type = "Okta"
  }
  config = jsonencode({
    name            = "okta"
    domain          = "tf-fixture.okta.example"
    collectAll      = true
    apiKey          = "tf-fixture-okta-api-key"
    fields          = { _siemForward = false }
    pollingInterval = 30
  })
}

# --- Installed Collector's sources ----------------------------------------------------------

resource "sumologic_local_file_source" "app_logs" {
  name            = "app-logs"
  description     = "Local file source"
  category        = "tf/installed/app"
  collector_id    = sumologic_installed_collector.host.id
  path_expression = "/var/log/app/*.log"
}

# The data source finds the Installed Collector by name, as the provider's documentation does.
data "sumologic_collector" "installed" {
  name       = var.installed_collector_name
  depends_on = [sumologic_installed_collector.host]
}

resource "sumologic_local_windows_event_log_source" "windows" {
  name         = "windows-events"
  category     = "tf/installed/windows"
  collector_id = data.sumologic_collector.installed.id
  log_names    = ["System", "Application"]
  event_format = 1
}

# --- Outside the family ---------------------------------------------------------------------

# A resource of another type in the same state: the migration reports it and takes nothing of it.
resource "terraform_data" "release" {
  input = {
    collector = sumologic_collector.hosted.id
    note      = "not a collector or a source"
  }
}

output "hosted_collector_id" {
  value = sumologic_collector.hosted.id
}
output "web_url" {
  value     = sumologic_http_source.web.url
  sensitive = true
}
