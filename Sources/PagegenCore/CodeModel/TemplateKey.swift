/// A name of the template vocabulary, as one value: the names every type of the code
/// model answers (``TemplateNames`` lists which type answers which). A compiled
/// template reads each name's key once, when it is loaded, so that rendering looks a
/// name up by a switch over small numbers instead of comparing strings.
enum TemplateKey: String, CaseIterable, Sendable {
    case access, all, allowsForeignLinks, argument, arguments, bare, baseURL, bodyError, cases, client, conformances, count
    case credentialParameters, credentials, credentialsType, customCoding, dateFormat, declaration, declaresNamespace, decode
    case decodeArgument, decodeField, defaultValue, descriptor, docLines, emitClient, emitLists, emitModels, emitPaging, encode
    case encodeField, endpointDescriptor, endpointName, endpoints, enums, escaped, expression, fields, file, fileStem, function
    case functionParameters, hasCredentials, hasFields, hasHeaders, hasModels, hasMore, hasPaging, hasParameterEnums
    case hasParametersBuilder, hasRequestParameters, hasThrottle, headers, idList, idType, identity, identityProperty, imports
    case initializerParameter, isBody, isClass, isEncodable, isIDList, isLast, isMutable, isOptional, isPaged
    case itemEndpointDescriptor, itemEndpointName, itemLabel, itemParametersBuilder, itemResultType, itemType, items, jsonName
    case key, kind, label, list, listArguments, listParameters, loader, location, method, models, name, namespace
    case needsCodingKeys, needsRawKey, nextPage, operations, pageParameter, pageSizeParameter, pages, paging, pagingDescriptor
    case parameter, parameterEnums, parameterLabel, parameters, parametersBuilder, path, reference, requestArguments
    case responseType, resultType, returnType, sequenceParameters, shortPageEnds, size, sizeParameter, specFile, specName, start
    case style, template, text, throttle, total, totalIsEstimate, totalPages, type, value, window, windowArguments, wireName
    case wrapped
}
