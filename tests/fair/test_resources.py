"""Resource strings: every pair of fs-parse.md §4.2 (from Hadoop's
TestFairSchedulerConfiguration#testParseResourceConfigValue and friends) and §4.3 (derived from
FairSchedulerConfiguration#parseResourceConfigValue)."""

from __future__ import annotations

import pytest

from fsctl.fair.resources import ResourceParseError, parse_resource_config_value
from fsctl.model.resources import UNBOUNDED

BASIC = ("memory-mb", "vcores")
TEST1 = ("memory-mb", "vcores", "test1")
CLUSTER = {"memory-mb": 10240, "vcores": 4}
CLUSTER_TEST1 = {"memory-mb": 10240, "vcores": 4, "test1": 8}
PREFIX = "Error reading resource config--invalid resource definition: "


def resolve(
    text: str, cluster: dict[str, int] = CLUSTER, types: tuple[str, ...] = BASIC, missing: int = UNBOUNDED
):
    return parse_resource_config_value(text, missing, types).resolve(cluster)


# TestFairSchedulerConfiguration#testParseResourceConfigValue (fs-parse.md §4.2 rows 1-20)
@pytest.mark.parametrize(
    ("text", "memory", "vcores"),
    [
        ("5120 mb 2 vcores", 5120, 2),  # 1
        ("2 vcores, 5120 mb", 5120, 2),  # 2
        ("5120 mb, 2 vcores", 5120, 2),  # 3
        ("2vcores,5120mb", 5120, 2),  # 4
        ("5120mb,2vcores", 5120, 2),  # 5
        ("5120mb   mb, 2    vcores", 5120, 2),  # 6
        ("5120 Mb, 2 vCores", 5120, 2),  # 7
        ("  5120 mb, 2 vcores  ", 5120, 2),  # 8
        ("  5120.3 mb, 2.35 vcores  ", 5120, 2),  # 9
        ("  5120. mb, 2. vcores  ", 5120, 2),  # 10
        ("50% memory, 50% cpu", 5120, 2),  # 11
        ("50% Memory, 50% CpU", 5120, 2),  # 12
        ("50% memory, 100% cpu", 5120, 4),  # 13
        (" 100% cpu, 50% memory", 5120, 4),  # 14
        ("50% memory, 0% cpu", 5120, 0),  # 15
        ("50 % memory, 50 % cpu", 5120, 2),  # 16
        ("50%memory,50%cpu", 5120, 2),  # 17
        ("  50  %  memory,  50  %  cpu  ", 5120, 2),  # 18
        ("50.% memory, 50.% cpu", 5120, 2),  # 19
        ("10.9% memory, 50.6% cpu", 1116, 2),  # 20: (int)(10240 * 0.109)
        ("50%", 5120, 2),  # 21
    ],
)
def test_old_style_values(text: str, memory: int, vcores: int) -> None:
    assert resolve(text) == {"memory-mb": memory, "vcores": vcores}


def test_single_percentage_applies_to_custom_types_too() -> None:
    # TestFairSchedulerConfiguration#testParseResourceConfigValue, row 21 with test1=8 in the cluster
    assert resolve("50%", CLUSTER_TEST1, TEST1) == {"memory-mb": 5120, "vcores": 2, "test1": 4}


NEW_STYLE_WITHOUT_TEST1 = [
    "vcores=2, memory-mb=5120",
    "memory-mb=5120, vcores=2",
    "vcores=2,memory-mb=5120",
    " vcores = 2 , memory-mb = 5120 ",
]


# TestFairSchedulerConfiguration#testParseNewStyleResourceConfigValue... rows 22-24
@pytest.mark.parametrize("text", NEW_STYLE_WITHOUT_TEST1)
def test_new_style_missing_type_is_unbounded(text: str) -> None:
    spec = parse_resource_config_value(text, resource_types=TEST1)
    assert spec.amounts() == {"memory-mb": 5120, "vcores": 2, "test1": UNBOUNDED}


@pytest.mark.parametrize("text", NEW_STYLE_WITHOUT_TEST1)
def test_new_style_missing_type_with_missing_zero(text: str) -> None:
    spec = parse_resource_config_value(text, 0, TEST1)
    assert spec.amounts() == {"memory-mb": 5120, "vcores": 2, "test1": 0}


# row 25
@pytest.mark.parametrize(
    "text",
    [
        "vcores=2, memory-mb=5120, test1=4",
        "memory-mb=5120, vcores=2, test1=4",
        "vcores=2,memory-mb=5120,test1=4",
        "test1=4, vcores=2, memory-mb=5120",
        " vcores = 2 , memory-mb = 5120 , test1 = 4 ",
    ],
)
def test_new_style_custom_type(text: str) -> None:
    spec = parse_resource_config_value(text, resource_types=TEST1)
    assert spec.amounts() == {"memory-mb": 5120, "vcores": 2, "test1": 4}


# row 26: unlisted types are 100 %
@pytest.mark.parametrize(
    "text",
    [
        "vcores=75%, memory-mb=40%",
        "memory-mb=40%, vcores=75%",
        "vcores=75%,memory-mb=40%",
        " vcores = 75 % , memory-mb = 40 % ",
    ],
)
def test_new_style_percentages(text: str) -> None:
    assert resolve(text, CLUSTER_TEST1, TEST1) == {"memory-mb": 4096, "vcores": 3, "test1": 8}


# row 27
@pytest.mark.parametrize(
    "text",
    [
        "vcores=75%, memory-mb=40%, test1=50%",
        "memory-mb=40%, vcores=75%, test1=50%",
        "vcores=75%,memory-mb=40%,test1=50%",
        "test1=50%, vcores=75%, memory-mb=40%",
        " vcores = 75 % , memory-mb = 40 % , test1 = 50 % ",
    ],
)
def test_new_style_percentages_custom(text: str) -> None:
    assert resolve(text, CLUSTER_TEST1, TEST1) == {"memory-mb": 4096, "vcores": 3, "test1": 4}


NEG = ", value should not be negative!"
NOT_PERCENT = "\" is either not a non-negative number or does not include the '%' symbol."


# TestFairSchedulerConfiguration: expectUnparsableResource / expectMissingResource /
# expectInvalidResource / expectNegativePercentage... (rows 28-62)
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1024", "Cannot parse resource values from input: 1024"),  # 28
        ("1024mb", "Cannot parse resource values from input: 1024mb"),  # 29
        ("1024vcores", "Cannot parse resource values from input: 1024vcores"),  # 30
        ("1o24vc0res", "Cannot parse resource values from input: 1o24vc0res"),  # 31
        ("95%, 50% memory", "Missing resource: cpu"),  # 32
        ("95A% cpu, 50% memory", "Invalid percentage of cpu: 95a% cpu"),  # 33
        ("50% cpu, 1024 mb", "Missing resource: memory"),  # 34
        ("50% memory, 2 vcores", "Missing resource: cpu"),  # 35
        ("1024 mb, 2 4 vcores", "Invalid value of vcores: 2 4 vcores"),  # 36
        ("2048 1024 mb, 2 vcores", "Invalid value of memory: 2048 1024 mb"),  # 37
        ("50% memory, 50% 100%cpu", "Invalid percentage of cpu: 50% 100%cpu"),  # 38
        ("50% 80% memory, 100%cpu", "Invalid percentage of memory: 50% 80% memory"),  # 39
        (
            "vcores = 75%, memory-mb = 40% 80%",
            PREFIX
            + 'vcores = 75%, memory-mb = 40% 80%. The resource values must all be percentages. "40% 80%'
            + NOT_PERCENT,
        ),  # 40
        (
            "vcores = 75% 65%, memory-mb = 40%",
            PREFIX
            + 'vcores = 75% 65%, memory-mb = 40%. The resource values must all be percentages. "75% 65%'
            + NOT_PERCENT,
        ),  # 41
        ("-10% memory, 50% cpu", "Invalid percentage: -10% memory, percentage should not be negative!"),  # 42
        ("10% memory, -10% cpu", "Invalid percentage: -10% cpu, percentage should not be negative!"),  # 43
        (
            "-20% memory, -10% cpu",
            "Invalid percentage: -20% memory, percentage should not be negative!",
        ),  # 44
        ("-50% cpu, 1024 mb", "Missing resource: memory"),  # 45
        ("50% cpu, -1024 mb", "Missing resource: memory"),  # 46
        ("50% memory, -2 vcores", "Missing resource: cpu"),  # 47
        (
            "-50% memory, 2 vcores",
            "Invalid percentage: -50% memory, percentage should not be negative!",
        ),  # 48
        ("-2 vcores,5120 mb", "Invalid value of vcores: -2" + NEG),  # 49
        ("-2 vcores, 5120 mb", "Invalid value of vcores: -2" + NEG),  # 49
        ("2 vcores,-5120 mb", "Invalid value of memory: -5120" + NEG),  # 50
        ("2 vcores, -5120 mb", "Invalid value of memory: -5120" + NEG),  # 50
        ("5120mb   mb, -2    vcores", "Invalid value of vcores: -2" + NEG),  # 51
        ("-5120mb   mb, 2    vcores", "Invalid value of memory: -5120" + NEG),  # 52
        ("  5120.3 mb, -2.35 vcores  ", "Invalid value of vcores: -2" + NEG),  # 53
        ("  -5120.3 mb, 2.35 vcores  ", "Invalid value of memory: -5120" + NEG),  # 54
        ("2 vcores 5120 mb 555 mb", "Cannot parse resource values from input: 2 vcores 5120 mb 555 mb"),  # 55
        ("2 vcores 5120 MB 555 GB", "Cannot parse resource values from input: 2 vcores 5120 MB 555 GB"),  # 56
        ("memory-mb=-5120,vcores=2", "Invalid value of memory-mb: -5120" + NEG),  # 57
        ("memory-mb=-5120, vcores=2", "Invalid value of memory-mb: -5120" + NEG),  # 57
        ("memory-mb = -5120 , vcores = 2", "Invalid value of memory-mb: -5120" + NEG),  # 57
        ("memory-mb=5120,vcores=-2", "Invalid value of vcores: -2" + NEG),  # 58
        ("memory-mb=5120, vcores=-2", "Invalid value of vcores: -2" + NEG),  # 58
        ("memory-mb = 5120 , vcores = -2", "Invalid value of vcores: -2" + NEG),  # 58
        ("vcores=-2,memory-mb=-5120,test1=4", "Invalid value of vcores: -2" + NEG),  # 59
        ("vcores=2,memory-mb=5120,test1=-4", "Invalid value of test1: -4" + NEG),  # 60
        ("vcores = 2 , memory-mb = 5120 , test1 = -4", "Invalid value of test1: -4" + NEG),  # 60
        (
            "vcores=-75%,memory-mb=40%",
            PREFIX
            + 'vcores=-75%,memory-mb=40%. The resource values must all be percentages. "-75%'
            + NOT_PERCENT,
        ),  # 61
        (
            "vcores = -75 % , memory-mb = 40 %",
            PREFIX
            + 'vcores = -75 % , memory-mb = 40 %. The resource values must all be percentages. "-75 %'
            + NOT_PERCENT,
        ),  # 61
        (
            "vcores=75%,memory-mb=-40%",
            PREFIX
            + 'vcores=75%,memory-mb=-40%. The resource values must all be percentages. "-40%'
            + NOT_PERCENT,
        ),  # 62
    ],
)
def test_hadoop_errors(text: str, message: str) -> None:
    with pytest.raises(ResourceParseError) as caught:
        parse_resource_config_value(text, resource_types=TEST1)
    assert caught.value.message == message


# TestAllocationFileLoaderService#testAllocationFileParsing (loader-level pairs, §4.2)
@pytest.mark.parametrize(
    ("text", "types", "amounts"),
    [
        ("1024mb,0vcores", BASIC, {"memory-mb": 1024, "vcores": 0}),
        ("2048mb,10vcores", BASIC, {"memory-mb": 2048, "vcores": 10}),
        ("5120mb,110vcores", BASIC, {"memory-mb": 5120, "vcores": 110}),
        ("4096mb,100vcores", BASIC, {"memory-mb": 4096, "vcores": 100}),
        ("2048mb,64vcores", BASIC, {"memory-mb": 2048, "vcores": 64}),
        ("1024mb,8vcores", BASIC, {"memory-mb": 1024, "vcores": 8}),
        (
            "vcores=16, memory-mb=512, a-custom-resource=10",
            ("memory-mb", "vcores", "a-custom-resource"),
            {"memory-mb": 512, "vcores": 16, "a-custom-resource": 10},
        ),
    ],
)
def test_loader_pairs(text: str, types: tuple[str, ...], amounts: dict[str, int]) -> None:
    assert parse_resource_config_value(text, resource_types=types).amounts() == amounts


# fs-parse.md §4.3: derived from FairSchedulerConfiguration#parseResourceConfigValue
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Error reading resource config--the resource string is empty."),
        ("   ", "Error reading resource config--the resource string is empty."),
        ("50% memory", "Invalid percentage: 50% memory"),
        (".5%", "Invalid percentage: .5%"),
        ("1 gb, 2 vcores", "Missing resource: mb"),
        ("1024 mb, 2 vcores, 1 gpus", "Cannot parse resource values from input: 1024 mb, 2 vcores, 1 gpus"),
        ("+5 mb, 1 vcores", "Invalid value of memory: +5 mb"),
        ("99999999999 mb, 1 vcores", "Error reading resource config"),
        (
            "memory=1024, vcores=1",
            PREFIX
            + 'memory=1024, vcores=1. The resource name, "memory" was not recognized. Please check the '
            "value of yarn.resource-types in the Resource Manager's configuration files.",
        ),
        (
            "memory-mb=1024mb",
            PREFIX
            + 'memory-mb=1024mb. The resource values must all be integers. "1024mb" is not an integer.',
        ),
        (
            "memory-mb=1024, vcores=50%",
            PREFIX
            + 'memory-mb=1024, vcores=50%. The resource values must all be percentages. "1024'
            + NOT_PERCENT,
        ),
        ("memory-mb=", PREFIX + "memory-mb=. Every resource must be of the form: name=value."),
        ("a=b=c", PREFIX + "a=b=c. Every resource must be of the form: name=value."),
        (
            "vcores=1,,memory-mb=2",
            PREFIX + "vcores=1,,memory-mb=2. Every resource must be of the form: name=value.",
        ),
        (
            "50% memory, vcores=2",
            PREFIX + "50% memory, vcores=2. Every resource must be of the form: name=value.",
        ),
    ],
)
def test_derived_errors(text: str, message: str) -> None:
    with pytest.raises(ResourceParseError) as caught:
        parse_resource_config_value(text)
    assert caught.value.message == message


def test_overflow_keeps_the_java_cause() -> None:
    with pytest.raises(ResourceParseError) as caught:
        parse_resource_config_value("99999999999 mb, 1 vcores")
    assert caught.value.cause == 'NumberFormatException: For input string: "99999999999"'


@pytest.mark.parametrize(
    ("text", "missing", "cluster", "expected"),
    [
        ("150%", UNBOUNDED, CLUSTER, {"memory-mb": 15360, "vcores": 6}),  # no upper bound
        (
            "1024 mb, 2 vcores,",
            UNBOUNDED,
            CLUSTER,
            {"memory-mb": 1024, "vcores": 2},
        ),  # trailing piece dropped
        (
            "50% memory, 50% cpu, 10% gpu",
            UNBOUNDED,
            CLUSTER_TEST1,
            {"memory-mb": 5120, "vcores": 2, "test1": 0},
        ),
        ("memory-mb=+5, vcores=1", UNBOUNDED, CLUSTER, {"memory-mb": 5, "vcores": 1}),
        # a type left out gets Long.MAX_VALUE, vcores its int: -1 (createResourceWithSameValue)
        (
            "memory-mb=1024",
            UNBOUNDED,
            CLUSTER_TEST1,
            {"memory-mb": 1024, "vcores": -1, "test1": UNBOUNDED},
        ),
        ("memory-mb=1024", 0, CLUSTER_TEST1, {"memory-mb": 1024, "vcores": 0, "test1": 0}),
        ("vcores=4", UNBOUNDED, CLUSTER, {"memory-mb": UNBOUNDED, "vcores": 4}),
        # vcores written above Integer.MAX_VALUE saturates (Resource.setResourceValue); memory is a long
        (
            "memory-mb=9223372036854775000, vcores=9223372036854775000",
            0,
            CLUSTER,
            {"memory-mb": 9223372036854775000, "vcores": 2**31 - 1},
        ),
    ],
)
def test_derived_values(text: str, missing: int, cluster: dict[str, int], expected: dict[str, int]) -> None:
    assert resolve(text, cluster, tuple(cluster), missing) == expected


def test_percentage_and_spelling_are_kept() -> None:
    spec = parse_resource_config_value("50%")
    assert spec.is_percentage
    assert spec.text == "50%"
    assert spec == parse_resource_config_value("memory-mb=50%, vcores=50%")
