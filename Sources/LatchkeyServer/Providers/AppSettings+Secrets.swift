extension AppSettings {
    /// These settings with every secret they hold rewritten by `transform`, which gets the secret
    /// and where it lives (`providers.<name>.clientSecret`): the store seals secrets with it before
    /// writing and opens them after reading. A setting that holds a secret is listed here, so the
    /// database never holds it in clear; the providers' client secrets are the only ones so far.
    func mappingSecrets(_ transform: (_ secret: String, _ place: String) throws -> String) rethrows -> AppSettings {
        var settings = self
        for (name, provider) in signInProviders.providers {
            if let secret = provider.clientSecret {
                settings.signInProviders.providers[name]?.clientSecret = try transform(secret, "providers.\(name).clientSecret")
            }
        }
        return settings
    }
}
